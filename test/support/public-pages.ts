import type { Stack } from './stack.ts';
import { href } from '../../shared/routes.ts';

/** Every page a visitor can open without an account, named for screenshots and failure messages. */
export async function listPublicPages(stack: Stack): Promise<{ name: string; path: string }[]> {
  const db = stack.database.handle.db;
  const artist = await db.selectFrom('artists').select('slug').where('is_close', '=', false).orderBy('sort').executeTakeFirstOrThrow();
  const news = await db.selectFrom('news').select('id').where('publish_state', '=', 'published').orderBy('id').executeTakeFirstOrThrow();
  return [
    { name: 'home', path: href('home') },
    { name: 'lineup', path: href('lineup') },
    { name: 'lineup-close', path: href('lineupClose') },
    { name: 'artist', path: href('artist', { slug: artist.slug }) },
    { name: 'artist-plan', path: href('artistNo', { slug: artist.slug, no: 1 }) },
    { name: 'cogimyun', path: href('cogimyun') },
    { name: 'daruma', path: href('daruma') },
    { name: 're-box', path: href('reBox') },
    { name: 'news', path: href('news') },
    { name: 'news-detail', path: href('newsDetail', { id: news.id }) },
    { name: 'faq', path: href('faq') },
    { name: 'howto', path: href('howto') },
    { name: 'transactions', path: href('transactions') },
    { name: 'privacy', path: href('privacy') },
    { name: 'terms', path: href('terms') },
    { name: 'login', path: href('login') },
    { name: 'signup', path: href('signup') },
    { name: 'reminder', path: href('reminder') },
    { name: 'not-found', path: '/no-such-page' },
  ];
}
