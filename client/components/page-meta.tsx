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
 * The page's <title>, description, canonical URL, its other language's address and Open Graph tags. React hoists these into
 * <head> on the server and keeps them in step on client navigation.
 */
export function PageMeta({ title, description, image, type = 'website' }: PageMetaProps) {
  const { brandName, publicOrigin } = useConfig();
  const { pathname } = useLocation();
  const { english } = useLang();
  const tagline = english ? 'Monthly surprise boxes from your favourite creators' : '推しのサプライズBOX定期便';
  const fullTitle = title ? `${title} | ${brandName}` : `${brandName} | ${tagline}`;
  // Each language is its own address (`?lang=en`); search engines learn both from the alternates.
  const japanese = new URL(pathname, publicOrigin).toString();
  const englishUrl = `${japanese}?lang=en`;
  const url = english ? englishUrl : japanese;
  const imageUrl = new URL(image ?? '/og-default.png', publicOrigin).toString();
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <link rel="alternate" hrefLang="ja" href={japanese} />
      <link rel="alternate" hrefLang="en" href={englishUrl} />
      <link rel="alternate" hrefLang="x-default" href={japanese} />
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
