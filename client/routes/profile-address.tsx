import { data, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import { ProfileFields } from '../../shared/account-rules.ts';
import type { CurrentUser } from '../../shared/api/types.ts';
import { deliveryNotice } from '../../shared/delivery-notice.ts';
import { GENDER_OPTIONS } from '../../shared/gender.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { addressFromZip, isCompleteZip, normalizeZip } from '../../shared/postal-code.ts';
import { href, safeReturnPath } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { AccountCard } from '../components/account/account-card.tsx';
import { Field, SelectField } from '../components/form/field.tsx';
import { FormNotice } from '../components/form/form-message.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { ValidatedForm } from '../components/form/validated-form.tsx';
import { DeliveryNotice } from '../components/profile/delivery-notice.tsx';
import { withNotice } from '../components/profile/flash-notice.tsx';
import { ZipLookupField } from '../components/form/zip-lookup-field.tsx';
import { apiFrom, orElse } from '../data/api.ts';
import { loadCurrentUser } from '../data/current-user.ts';
import { apiFailure, checkInput, formFailure, readForm, seeOther, type FormFailure, type FormValues } from '../data/form-action.ts';
import { NameKanaField } from '../components/account/name-kana-field.tsx';
import { useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'お客様情報・お届け先の変更', en: 'Change your details and address' },
  lead: { ja: 'お届け先の住所とお客様情報を変更できます。', en: 'Change your delivery address and your details.' },
  name: { ja: 'お名前', en: 'Name' },
  address: { ja: '住所（都道府県・市区町村・町域）', en: 'Address (prefecture, city, town)' },
  address2: { ja: '番地・建物名・部屋番号', en: 'Street number, building, room' },
  address2Hint: { ja: '半角数字を含めてください（例: 2-24-12 渋谷ビル101）', en: 'Include half-width digits (e.g. 2-24-12 Shibuya Bldg 101)' },
  birthday: { ja: '生年月日', en: 'Date of birth' },
  gender: { ja: '性別', en: 'Gender' },
  tel: { ja: '電話番号', en: 'Phone number' },
  // Non-breaking hyphens (U+2011): the example number never splits over two lines.
  telHint: { ja: '市外局番から9〜11桁（例: 090‑1234‑5678。ハイフンはなくても可）', en: '9 to 11 digits from the area code (e.g. 090‑1234‑5678; hyphens optional)' },
  filled: { ja: '郵便番号から住所を入力しました。続けて番地・建物名を入力してください。', en: 'The address was filled in from the postal code. Now enter the street number and building.' },
  submit: { ja: '変更を保存する', en: 'Save changes' },
  back: { ja: '会員情報に戻る', en: 'Back to your profile' },
} as const satisfies Record<string, Text>;

/** Every field of this form is required (docs/spec.md §5), so the whole profile is sent, not a subset. */
const AddressFormInput = z.strictObject(ProfileFields);
const FIELDS = Object.keys(ProfileFields) as (keyof typeof ProfileFields)[];
const IntentSchema = z.enum(['save', 'zip']);

function toProfileInput(values: FormValues) {
  const input = Object.fromEntries(FIELDS.map((name) => [name, values[name] ?? '']));
  return { ...input, zip: normalizeZip(input.zip ?? '') };
}

export interface AddressData {
  user: CurrentUser;
  /** After a save (`?done=address`): where each box goes now; null otherwise. */
  delivery: Text[] | null;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<AddressData> {
  const user = await loadCurrentUser(request, context);
  const saved = new URL(request.url).searchParams.get('done') === 'address';
  return { user, delivery: saved ? await loadDelivery(context, user) : null };
}

/** Optional data: without the orders the notice still confirms the save. */
async function loadDelivery(context: unknown, user: CurrentUser): Promise<Text[]> {
  const api = apiFrom(context);
  const [orders, plans] = await Promise.all([api.planOrderHistories(), api.userPlans()]);
  return deliveryNotice(user, orElse(orders, []), orElse(plans, []), new Date());
}

/** Without JavaScript, "find address" posts here: the address comes back filled from the code. */
async function fillFromZip(context: unknown, values: FormValues) {
  const zip = normalizeZip(values.zip ?? '');
  const filled = { ...values, zip };
  if (!isCompleteZip(zip)) return formFailure({ fields: { zip: MESSAGES.zipFormat } }, filled);
  const found = await apiFrom(context).zip(zip);
  if (!found.ok) {
    if (found.status !== 404 && found.status !== 400) return apiFailure(found, filled);
    return formFailure({ fields: { zip: { ja: found.error.message, en: found.error.messageEn } } }, filled);
  }
  return data<FormFailure>({ values: { ...filled, address: addressFromZip(found.data) } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  // The main button sends no intent; "find address" sends `zip`.
  const intent = IntentSchema.safeParse(values.intent ?? 'save');
  if (!intent.success) return formFailure({ error: MESSAGES.fieldInvalid }, values);
  if (intent.data === 'zip') return fillFromZip(context, values);
  const input = toProfileInput(values);
  const invalid = checkInput(AddressFormInput, input, values);
  if (invalid) return invalid;
  const result = await apiFrom(context).updateUser(input);
  if (!result.ok) return apiFailure(result, values);
  // Checkout links here with `url` to come back to it once the address is saved (issue 8);
  // otherwise this page says which boxes go to the new address.
  const back = new URL(request.url).searchParams.get('url');
  return seeOther(back ? safeReturnPath(back) : withNotice(href('profileAddress'), 'address'));
}

const RULES = { schema: AddressFormInput, toInput: toProfileInput };

/** docs/spec.md §2 "/mypage/profile/adress": delivery address and user data. */
export function Component() {
  const { user, delivery } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  const zipFilled = failure?.values?.intent === 'zip' && !failure.fields && !failure.error;
  return (
    <AccountCard title={COPY.title} lead={COPY.lead}>
      {delivery && !failure ? <DeliveryNotice sentences={delivery} /> : null}
      {zipFilled ? <FormNotice text={COPY.filled} /> : null}
      <ValidatedForm failure={failure} rules={RULES} className="profile-address-form" enterSubmits={COPY.submit}>
        <Field name="name" label={COPY.name} defaultValue={user.name} autoComplete="name" maxLength={200} required />
        <NameKanaField defaultValue={user.nameKana} />
        <ZipLookupField defaultValue={user.zip} />
        <Field name="address" label={COPY.address} defaultValue={user.address} autoComplete="address-line1" maxLength={200} required />
        <Field name="address2" label={COPY.address2} hint={COPY.address2Hint} defaultValue={user.address2}
          autoComplete="address-line2" maxLength={200} required />
        <Field name="birthday" type="date" label={COPY.birthday} defaultValue={user.birthday} autoComplete="bday" required />
        <SelectField name="gender" label={COPY.gender} options={GENDER_OPTIONS} defaultValue={user.gender} />
        {/* A Japanese number without +81 (`tel-national`): HTML allows that autofill name on a text
            input only, so type="text" with the phone keypad (inputMode), not type="tel". */}
        <Field name="tel" type="text" inputMode="tel" label={COPY.tel} hint={COPY.telHint} defaultValue={user.tel}
          autoComplete="tel-national" maxLength={20} required />
        <SubmitButton label={COPY.submit} />
      </ValidatedForm>
      <ul className="form-links">
        <li><Link to={href('profile')}>{t(COPY.back)}</Link></li>
      </ul>
    </AccountCard>
  );
}
