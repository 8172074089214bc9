import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { FanBonus, LockedBox, UserVault, VaultBox, VaultMilestones } from '../../shared/api/vault.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { href } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { BONUS_KIND_LABELS, bonusSizeText, milestoneText, VAULT_MESSAGES } from '../../shared/vault.ts';
import { EmptyState, SEE_LINEUP } from '../components/empty-state.tsx';
import { FormError } from '../components/form/form-message.tsx';
import { JapaneseRuns } from '../components/japanese-runs.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

const C = {
  title: { ja: '特典', en: 'Your bonuses' },
  lead: {
    ja: 'BOXがお届けされると、その回の特典がここに届きます（配達の記録がない場合は発送から数日後）。ダウンロードのリンクは5分間有効です。',
    en: 'When a box arrives, its bonuses appear here (a few days after shipping if no delivery record comes). Download links last five minutes.',
  },
  empty: { ja: 'まだ特典はありません', en: 'No bonuses yet' },
  emptyNext: { ja: '特典つきの回のBOXが届くと、ここでダウンロードできます。', en: 'When a box with bonuses arrives, you can download them here.' },
  opened: { ja: '届いた特典', en: 'Bonuses ready' },
  locked: { ja: 'お届けを待っている特典', en: 'Waiting for your box' },
  milestones: { ja: '継続特典', en: 'Bonuses for boxes in a row' },
  download: { ja: 'ダウンロード', en: 'Download' },
  code: { ja: 'シリアルコード', en: 'Serial code' },
  next: { ja: '次の継続特典', en: 'Next bonus' },
  reachedNone: { ja: 'まだ届いていません', en: 'None reached yet' },
  allReached: { ja: 'すべての継続特典が届きました', en: 'Every milestone reached' },
} as const satisfies Record<string, Text>;

export async function loader({ context }: LoaderFunctionArgs): Promise<UserVault> {
  return must(await apiFrom(context).vault());
}

/**
 * A download button posts here (JavaScript or not); the action asks the API for a five-minute link
 * and sends the browser to it, which downloads the file and leaves the page as it is.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  if (values.intent !== 'download' || !/^[1-9]\d{0,9}$/.test(values.item ?? '')) return formFailure({ error: MESSAGES.fieldInvalid }, values);
  const link = await apiFrom(context).vaultLink(values.item!);
  return link.ok ? seeOther(link.data.url) : apiFailure(link, values);
}

/** /mypage/tokuten (issue 33): each opened box's 特典, the boxes still on their way (no names), the milestones. */
export function Component() {
  const vault = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  const nothing = vault.boxes.length === 0 && vault.locked.length === 0 && vault.milestones.length === 0;
  return (
    <section className="page vault-page">
      <PageMeta title={t(C.title)} description={t(C.lead)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(C.title)}</h1>
      <p className="profile-lead">{t(C.lead)}</p>
      {failure?.error ? <FormError text={failure.error} /> : null}
      {nothing ? <EmptyState className="vault-empty" title={C.empty} next={C.emptyNext} link={{ to: href('lineup'), label: SEE_LINEUP }} /> : null}
      {vault.boxes.length > 0 ? (
        <section aria-labelledby="vault-opened">
          <h2 id="vault-opened" className="vault-heading">{t(C.opened)}</h2>
          <div className="vault-list">{vault.boxes.map((box) => <OpenedBox key={box.historyId} box={box} />)}</div>
        </section>
      ) : null}
      {vault.locked.length > 0 ? <LockedBoxes boxes={vault.locked} /> : null}
      {vault.milestones.length > 0 ? <Milestones milestones={vault.milestones} /> : null}
    </section>
  );
}

function OpenedBox({ box }: { box: VaultBox }) {
  const t = useT();
  const id = `vault-box-${box.historyId}`;
  return (
    <article className="vault-card" aria-labelledby={id}>
      <h3 id={id} className="vault-card-title"><span className="vault-issue">{t(box.label)}</span> <JapaneseRuns text={box.artist.name} /></h3>
      <Items items={box.items} />
    </article>
  );
}

function Items({ items }: { items: FanBonus[] }) {
  return <ul className="vault-items">{items.map((item) => <Item key={item.id} item={item} />)}</ul>;
}

function Item({ item }: { item: FanBonus }) {
  const t = useT();
  return (
    <li className="vault-item" data-kind={item.kind}>
      <span className="vault-item-name"><JapaneseRuns text={item.name} /></span>
      <span className="vault-item-kind">{t(BONUS_KIND_LABELS[item.kind])}{item.kind === 'codes' ? '' : `・${bonusSizeText(item.bytes)}`}</span>
      {item.kind === 'codes' ? <Code code={item.code ?? null} /> : (
        // A document form: the answer is a redirect to the file, which the browser downloads.
        <form method="post" className="vault-download">
          <input type="hidden" name="intent" value="download" />
          <input type="hidden" name="item" value={item.id} />
          <button type="submit" className="button button-secondary vault-download-button">{t(C.download)}</button>
        </form>
      )}
    </li>
  );
}

function Code({ code }: { code: string | null }) {
  const t = useT();
  if (code === null) return <p className="vault-code vault-code-pending">{t(VAULT_MESSAGES.codesPending)}</p>;
  return <p className="vault-code">{t(C.code)}: <code className="vault-code-value">{code}</code></p>;
}

function LockedBoxes({ boxes }: { boxes: LockedBox[] }) {
  const t = useT();
  return (
    <section aria-labelledby="vault-locked">
      <h2 id="vault-locked" className="vault-heading">{t(C.locked)}</h2>
      <ul className="vault-locked">
        {boxes.map((box) => (
          <li key={box.historyId} className="vault-card vault-card-locked">
            <span className="vault-issue">{t(box.label)}</span> <JapaneseRuns text={box.artist.name} />
            <span className="vault-locked-note">{t(VAULT_MESSAGES.locked)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Milestones({ milestones }: { milestones: VaultMilestones[] }) {
  const t = useT();
  return (
    <section aria-labelledby="vault-milestones">
      <h2 id="vault-milestones" className="vault-heading">{t(C.milestones)}</h2>
      <div className="vault-list">
        {milestones.map((m) => (
          <article key={m.artist.slug} className="vault-card" aria-label={m.artist.name}>
            <h3 className="vault-card-title"><JapaneseRuns text={m.artist.name} /> <span className="vault-streak">{t({ ja: `継続${m.streak}回`, en: `${m.streak} in a row` })}</span></h3>
            {m.reached.length === 0 ? <p className="vault-none">{t(C.reachedNone)}</p> : m.reached.map((r) => (
              <section key={r.rounds} className="vault-milestone">
                <h4 className="vault-milestone-title">{t(milestoneText(r.rounds))}</h4>
                <Items items={r.items} />
              </section>
            ))}
            <p className="vault-next">{m.next === null ? t(C.allReached) : `${t(C.next)}: ${t(milestoneText(m.next))}`}</p>
            <p className="vault-link"><Link to={href('artist', { slug: m.artist.slug })}>{m.artist.name}</Link></p>
          </article>
        ))}
      </div>
    </section>
  );
}
