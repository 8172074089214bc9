import type { Gender } from './api/types.ts';
import type { Text } from './text.ts';

/** docs/spec.md §3: the user's gender, UNKNOWN by default; the order is the order of the form's choices. */
export const GENDER_LABELS: Record<Gender, Text> = {
  UNKNOWN: { ja: '回答しない', en: 'Prefer not to say' },
  FEMALE: { ja: '女性', en: 'Female' },
  MALE: { ja: '男性', en: 'Male' },
  OTHER: { ja: 'その他', en: 'Other' },
};

/** The choices of a gender select, labelled in both languages. */
export const GENDER_OPTIONS = (Object.keys(GENDER_LABELS) as Gender[]).map((value) => ({ value, label: GENDER_LABELS[value] }));

export function genderLabel(gender: Gender): Text {
  return Object.hasOwn(GENDER_LABELS, gender) ? GENDER_LABELS[gender] : GENDER_LABELS.UNKNOWN;
}
