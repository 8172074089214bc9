import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditSentence, changeOf } from '../../shared/audit-actions.ts';

/** Issue 32: the audit trail reads as sentences — who did what to whom, before → after. */
describe('an audit row as a sentence', () => {
  it('names who, what and whom, in Japanese and English', () => {
    expect(auditSentence({ staffEmail: 'support@oshibox.example', action: 'customer.refund', targetType: 'order', targetId: '12', outcome: 'success', before: null, after: null }))
      .toEqual({ ja: 'support@oshibox.example が注文12の返金を受け付けました', en: 'support@oshibox.example started a refund of order 12' });
    expect(auditSentence({ staffEmail: 'owner@oshibox.example', action: 'staff.login', targetType: null, targetId: null, outcome: 'failure', before: null, after: null }))
      .toEqual({ ja: 'owner@oshibox.example がログインしました（失敗）', en: 'owner@oshibox.example signed in (failed)' });
  });

  it('says what changed, before → after, and only that', () => {
    const entry = { staffEmail: 'owner@oshibox.example', action: 'staff.change', targetType: 'staff', targetId: '3', outcome: 'success',
      before: { role: 'support', disabled: false }, after: { role: 'owner', disabled: false } };
    expect(auditSentence(entry).ja).toBe('owner@oshibox.example がスタッフ3の役割・状態を変更しました（role: support → owner）');
    expect(changeOf(null, { email: 'a@b.example' })).toBe('email: a@b.example');
    expect(changeOf({ x: 1 }, 'not a record')).toBe('');
    expect(changeOf({}, { text: 'x'.repeat(500) }).length).toBeLessThanOrEqual(200);
  });

  it('reads an action it does not know as its code, and every known one fills its target', () => {
    expect(auditSentence({ staffEmail: 's', action: 'legacy.thing', targetType: 'order', targetId: '1', outcome: 'success', before: null, after: null }).ja)
      .toBe('s がlegacy.thing（注文1）');
    for (const [action, verb] of Object.entries(AUDIT_ACTIONS)) {
      const sentence = auditSentence({ staffEmail: 's', action, targetType: 'order', targetId: '1', outcome: 'success', before: null, after: null });
      expect(sentence.ja, action).not.toContain('{t}');
      expect(sentence.en, action).not.toContain('{t}');
      expect(verb.ja, action).toMatch(/ました/);
    }
  });
});
