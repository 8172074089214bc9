import { Link } from 'react-router';
import { href } from '../../shared/routes.ts';
import { useConfig } from '../config.tsx';
import { useT } from '../lang.tsx';

export function Footer() {
  const { brandName, company, social } = useConfig();
  const t = useT();
  return (
    <footer className="footer">
      <nav aria-label={t({ ja: 'フッター', en: 'Footer' })}>
        <ul className="footer-links">
          <li><Link to={href('faq')}>{t({ ja: 'よくある質問', en: 'FAQ' })}</Link></li>
          <li><a href={company.url} rel="noopener" target="_blank">{t({ ja: '運営会社', en: 'Company' })}</a></li>
          <li><Link to={href('privacy')}>{t({ ja: 'プライバシーポリシー', en: 'Privacy policy' })}</Link></li>
          <li><Link to={href('terms')}>{t({ ja: '利用規約', en: 'Terms of service' })}</Link></li>
          <li><Link to={href('transactions')}>{t({ ja: '特定商取引法に基づく表記', en: 'Legal notice' })}</Link></li>
        </ul>
      </nav>
      <ul className="footer-social">
        <li><a href={social.twitter} rel="noopener" target="_blank">Twitter</a></li>
        <li><a href={social.instagram} rel="noopener" target="_blank">Instagram</a></li>
      </ul>
      <p className="copyright">© {company.name} / {brandName}</p>
    </footer>
  );
}
