import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { useConfig } from '../config.tsx';
import { useT } from '../lang.tsx';
import { JapaneseRuns } from './japanese-runs.tsx';
import { LogoMark } from './logo.tsx';
import { CONTACT_LABEL, MORE_ENTRIES } from './menu-links.tsx';
import { PageTop } from './page-top.tsx';
import { SocialIcon, socialName } from './social-icon.tsx';

const NEW_TAB: Text = { ja: '（新しいタブで開きます）', en: ' (opens in a new tab)' };

/** A link to another site, in a new tab, saying so to screen readers. */
function ExternalLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const t = useT();
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{t(NEW_TAB)}</span>
    </a>
  );
}

/**
 * docs/spec.md §2: the footer links to FAQ, the operating company's own site, privacy, terms and the
 * legal notice; the shop's Twitter and Instagram; and the page-top control.
 */
export function Footer({ inert }: { inert: boolean }) {
  const { brandName, company, social } = useConfig();
  const t = useT();
  return (
    <footer className="footer" inert={inert}>
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to={href('home')} className="footer-logo">
            <LogoMark size={32} />
            <span>{brandName}</span>
          </Link>
          <p className="footer-tagline">{t({ ja: '推しのサプライズBOX定期便', en: 'Monthly surprise boxes from your oshi' })}</p>
          <ul className="footer-social" aria-label={t({ ja: '公式SNS', en: 'Follow us' })}>
            <li>
              <ExternalLink url={social.twitter} className="footer-social-link">
                <SocialIcon type="TWITTER" title={`${brandName} ${socialName('TWITTER')}`} />
              </ExternalLink>
            </li>
            <li>
              <ExternalLink url={social.instagram} className="footer-social-link">
                <SocialIcon type="INSTAGRAM" title={`${brandName} ${socialName('INSTAGRAM')}`} />
              </ExternalLink>
            </li>
          </ul>
        </div>
        <nav className="footer-nav" aria-label={t({ ja: 'フッター', en: 'Footer' })}>
          <ul className="footer-links">
            <li><Link to={href('faq')}>{t({ ja: 'よくある質問', en: 'FAQ' })}</Link></li>
            {MORE_ENTRIES.map(({ id, label }) => (
              <li key={id}><Link to={href(id)}>{t(label)}</Link></li>
            ))}
            <li><a href={`mailto:${company.email}`}>{t(CONTACT_LABEL)}</a></li>
            <li>
              <ExternalLink url={company.url}>
                {t({ ja: '運営会社', en: 'Company' })}
                <svg className="external-icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M14 4h6v6h-2V7.4l-7.3 7.3-1.4-1.4L16.6 6H14zM5 6h6v2H6v10h10v-5h2v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z" fill="currentColor" />
                </svg>
              </ExternalLink>
            </li>
            <li><Link to={href('privacy')}>{t({ ja: 'プライバシーポリシー', en: 'Privacy policy' })}</Link></li>
            <li><Link to={href('terms')}>{t({ ja: '利用規約', en: 'Terms of service' })}</Link></li>
            <li><Link to={href('transactions')}>{t({ ja: '特定商取引法に基づく表記', en: 'Legal notice' })}</Link></li>
          </ul>
        </nav>
      </div>
      <p className="copyright">
        <small>© <JapaneseRuns text={company.name} /> / {brandName}</small>
      </p>
      <PageTop />
    </footer>
  );
}
