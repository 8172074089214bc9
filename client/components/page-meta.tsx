import { useLocation } from 'react-router';
import { useConfig } from '../config.tsx';
import { useLang } from '../lang.tsx';

interface PageMetaProps {
  /** The page's own title; the brand is appended. Omit on the top page. */
  title?: string;
  description: string;
  /** An image path or URL for Open Graph (artist pages use the artist's cover). */
  image?: string;
  type?: 'website' | 'article';
}

/**
 * The page's <title>, description, canonical URL and Open Graph tags. React hoists these into
 * <head> on the server and keeps them in step on client navigation.
 */
export function PageMeta({ title, description, image, type = 'website' }: PageMetaProps) {
  const { brandName, publicOrigin } = useConfig();
  const { pathname } = useLocation();
  const { english } = useLang();
  const tagline = english ? 'Monthly surprise boxes from your favourite creators' : '推しのサプライズBOX定期便';
  const fullTitle = title ? `${title} | ${brandName}` : `${brandName} | ${tagline}`;
  const url = new URL(pathname, publicOrigin).toString();
  const imageUrl = new URL(image ?? '/og-default.png', publicOrigin).toString();
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={brandName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:locale" content={english ? 'en_US' : 'ja_JP'} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
