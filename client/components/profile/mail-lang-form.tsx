import { Form } from 'react-router';
import type { MailLang } from '../../../shared/api/types.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { SubmitButton } from '../form/submit-button.tsx';

const COPY = {
  title: { ja: 'メールの言語', en: 'Language of our e-mails' },
  lead: {
    ja: 'ご注文・決済・発送などのお知らせメールをこの言語でお送りします。',
    en: 'We send every e-mail (orders, payments, shipping) in this language.',
  },
  ja: { ja: '日本語', en: 'Japanese (日本語)' },
  en: { ja: '英語（English）', en: 'English' },
  save: { ja: 'メールの言語を保存する', en: 'Save the e-mail language' },
} as const satisfies Record<string, Text>;

/**
 * Issue 31: the fan's mail language (chosen at sign-up from the language the sign-up page was in),
 * changed here; a plain form post (intent=mailLang), so it works without JavaScript.
 */
export function MailLangForm({ lang, error }: { lang: MailLang['lang']; error: Text | null }) {
  const t = useT();
  return (
    <section className="profile-group profile-mail-lang" aria-labelledby="mail-lang-title">
      <h2 className="profile-group-title" id="mail-lang-title">{t(COPY.title)}</h2>
      {error ? <p className="form-error" role="alert">{t(error)}</p> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="mailLang" />
        <fieldset className="mail-lang-choices">
          <legend className="profile-note">{t(COPY.lead)}</legend>
          {(['ja', 'en'] as const).map((value) => (
            <label key={value} className="mail-lang-choice">
              <input type="radio" name="lang" value={value} defaultChecked={lang === value} />
              <span lang={value}>{t(COPY[value])}</span>
            </label>
          ))}
        </fieldset>
        <SubmitButton label={COPY.save} />
      </Form>
    </section>
  );
}
