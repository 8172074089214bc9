import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { StaffBonus, StaffBonusList } from '../../../shared/api/vault.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { BONUS_FILE_MAX_BYTES, BONUS_KIND_LABELS, BONUS_NAME_MAX, bonusSizeText, MILESTONE_MAX, milestoneText, VAULT_MESSAGES } from '../../../shared/vault.ts';
import { FormError } from '../../components/form/form-message.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { apiFailure, formFailure, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { mustStaff } from '../data/console-load.ts';
import { BONUS_COPY as COPY } from '../catalogue/bonus-copy.ts';
import { AppendForm, CodesForm, FileForm } from '../catalogue/bonus-forms.tsx';
import { staffApiFrom, type BonusOwnerQuery, type StaffApi } from '../data/staff-api.ts';



type Owner = { kind: 'round' | 'artist'; id: string };

function ownerOf(request: Request, id: string | undefined): Owner {
  return { kind: new URL(request.url).pathname.startsWith('/catalogue/rounds/') ? 'round' : 'artist', id: id ?? '' };
}

const queryOf = (owner: Owner, milestone?: number): BonusOwnerQuery =>
  owner.kind === 'round' ? { round: Number(owner.id) } : { artist: Number(owner.id), ...(milestone ? { milestone } : {}) };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const owner = ownerOf(request, params.id);
  return mustStaff(await staffApiFrom(context).bonuses(queryOf(owner)));
}

/**
 * Three forms: a file (multipart, read into memory by the console's server when JavaScript is off),
 * a code list, and a deletion. Each goes to the API, which checks and audits it again.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const owner = ownerOf(request, params.id);
  const form = await request.formData();
  const text = (name: string) => { const v = form.get(name); return typeof v === 'string' ? v : ''; };
  const intent = text('intent');
  const values = { intent, name: text('name'), milestone: text('milestone'), codes: intent === 'codes' || intent === 'append' ? text('codes').slice(0, 2000) : '' };
  const milestone = /^\d{1,3}$/.test(values.milestone) ? Number(values.milestone) : undefined;
  if (owner.kind === 'artist' && (intent === 'file' || intent === 'codes') && (!milestone || milestone > MILESTONE_MAX)) {
    return formFailure({ fields: { milestone: VAULT_MESSAGES.badMilestone } }, values, 400, { intent });
  }
  const api = staffApiFrom(context);
  const result = await send(api, owner, intent, form, { ...values, milestone });
  if ('refused' in result) return formFailure(result.refused, values, 400, { intent });
  return result.ok ? seeOther(new URL(request.url).pathname) : apiFailure(result, values, { intent });
}

const refuse = (refused: FormFailure) => ({ refused });

async function send(api: StaffApi, owner: Owner, intent: string, form: FormData, values: { name: string; codes: string; milestone?: number }) {
  const query = queryOf(owner, values.milestone);
  if (intent === 'delete') return api.deleteBonus(String(form.get('id') ?? ''));
  if (intent === 'append') return api.appendBonusCodes(String(form.get('id') ?? ''), String(form.get('codes') ?? ''));
  if (!values.name.trim() || values.name.length > BONUS_NAME_MAX) return refuse({ fields: { name: VAULT_MESSAGES.badName } });
  if (intent === 'codes') return api.addBonusCodes({ ...query, name: values.name, codes: String(form.get('codes') ?? '') });
  if (intent !== 'file') return refuse({ error: COPY.badForm });
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) return refuse({ fields: { file: VAULT_MESSAGES.missingFile } });
  if (file.size > BONUS_FILE_MAX_BYTES) return refuse({ fields: { file: VAULT_MESSAGES.tooLarge } });
  return api.uploadBonusFile(query, values.name, file);
}

type Answer = FormFailure & { intent?: string };

export function Component() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const t = useT();
  const round = list.owner.kind === 'round';
  const failureOf = (intent: string) => (answer?.intent === intent ? answer : undefined);
  const back = round ? adminHref('catalogueRound', { id: String(list.owner.id) }) : adminHref('catalogueArtist', { id: String(list.owner.id) });
  const title = `${t(round ? COPY.titleRound : COPY.titleArtist)}: ${list.owner.kind === 'round' ? `${list.owner.artistName} ${list.owner.name}` : list.owner.name}`;
  return (
    <main>
      <title>{`${title} | OshiBox`}</title>
      <p><Link to={back}>{t(COPY.back)}</Link></p>
      <h1>{title}</h1>
      <p>{t(round ? COPY.leadRound : COPY.leadArtist)}</p>
      {failureOf('delete')?.error ? <FormError text={failureOf('delete')!.error!} /> : null}
      <BonusTable list={list} />
      <FileForm round={round} failure={failureOf('file')} />
      <CodesForm round={round} failure={failureOf('codes')} />
      <AppendForm lists={list.bonuses.filter((b) => b.kind === 'codes')} failure={failureOf('append')} />
    </main>
  );
}

function BonusTable({ list }: { list: StaffBonusList }) {
  const t = useT();
  if (list.bonuses.length === 0) return <p>{t(COPY.empty)}</p>;
  return (
    <ScrollRegion label={t(COPY.titleRound)}>
      <table className="console-table bonus-table">
        <thead>
          <tr>
            {list.owner.kind === 'artist' ? <th scope="col">{t(COPY.milestone)}</th> : null}
            <th scope="col">{t(COPY.name)}</th><th scope="col">{t(COPY.kind)}</th><th scope="col" className="num">{t(COPY.unlocked)}</th>
            <th scope="col" className="num">{t(COPY.downloads)}</th><th scope="col">{t(COPY.added)}</th><th scope="col">{t(COPY.actions)}</th>
          </tr>
        </thead>
        <tbody>{list.bonuses.map((b) => <BonusRow key={b.id} bonus={b} artist={list.owner.kind === 'artist'} />)}</tbody>
      </table>
    </ScrollRegion>
  );
}

function BonusRow({ bonus, artist }: { bonus: StaffBonus; artist: boolean }) {
  const t = useT();
  const codes = bonus.codes;
  return (
    <tr data-bonus={bonus.id}>
      {artist ? <td>{bonus.milestone === null ? '' : t(milestoneText(bonus.milestone))}</td> : null}
      <td>{bonus.name}</td>
      <td>
        {t(BONUS_KIND_LABELS[bonus.kind])}{codes ? '' : `・${bonusSizeText(bonus.bytes)}`}
        {codes ? <><br />{t(COPY.codesLeft)}: {codes.left} / {codes.total}</> : null}
        {codes && codes.shortfall > 0 ? <><br /><strong className="bonus-shortfall">{t(COPY.shortfall)}: {codes.shortfall}</strong></> : null}
      </td>
      <td className="num">{bonus.unlocked}</td>
      <td className="num">{codes ? '—' : bonus.downloads}</td>
      <td>{formatDateTime(bonus.createdAt)}</td>
      <td>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={bonus.id} />
          <SubmitButton label={COPY.remove} />
        </Form>
      </td>
    </tr>
  );
}
