import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { pickCatalogue } from '../../shared/text.ts';
import type { Banner } from '../../shared/api/types.ts';
import { useLang, useT } from '../lang.tsx';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { useAutoAdvance, usePrefersReducedMotion, useSnapSync } from './banner-motion.ts';
import { Phrases } from './phrases.tsx';

export const AUTO_ADVANCE_MS = 5_000;
/**
 * The strip's id, for the controls' aria-controls. Not useId: the controls mount after hydration,
 * and the server's and the browser's router trees number their ids differently.
 */
const TRACK_ID = 'banner-track';

interface BannerCarouselProps {
  banners: readonly Banner[];
  /** Time each slide stays before the next while playing. */
  intervalMs?: number;
}

/**
 * The top page's banners (WAI-ARIA APG carousel pattern). The server renders a CSS scroll-snap
 * strip: without JavaScript every slide is reachable by swiping, scrolling or Tab. The script adds
 * the dots, arrows, auto-advance and its stop button; auto-advance pauses while hovered or focused
 * within, is off by default under prefers-reduced-motion, and can be stopped (WCAG 2.2.2).
 */
export function BannerCarousel({ banners, intervalMs = AUTO_ADVANCE_MS }: BannerCarouselProps) {
  const t = useT();
  const count = banners.length;
  const carousel = useCarousel(count, intervalMs);
  if (count === 0) return null;
  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t({ ja: 'おすすめ', en: 'Featured' })}
      data-enhanced={carousel.enhanced || undefined}
      data-controls={count > 1 || undefined}
      onKeyDown={carousel.onKeyDown}
      onFocus={() => carousel.setFocused(true)}
      onBlur={carousel.onBlur}
      onPointerEnter={() => carousel.setHovered(true)}
      onPointerLeave={() => carousel.setHovered(false)}
    >
      <div id={TRACK_ID} ref={carousel.trackRef} className="banner-track" aria-live={carousel.running ? 'off' : 'polite'}>
        {banners.map((banner, i) => (
          <BannerSlide key={banner.id} banner={banner} position={i + 1} total={count}
            active={carousel.enhanced ? i === carousel.index : null} />
        ))}
      </div>
      {carousel.enhanced && count > 1 ? <CarouselControls count={count} carousel={carousel} /> : null}
    </section>
  );
}

type Carousel = ReturnType<typeof useCarousel>;

function useCarousel(count: number, intervalMs: number) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** null: follow the default (play unless reduced motion is asked for). */
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const enhanced = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const trackRef = useRef<HTMLDivElement>(null);
  const { index, moveTo } = useSnapSync(trackRef, reducedMotion);
  const refocusAfterMove = useSlideFocus(trackRef, index);
  const playing = userPlaying ?? !reducedMotion;
  const running = enhanced && playing && !hovered && !focused && count > 1;
  const step = useCallback((by: number) => moveTo((shown) => (((shown + by) % count) + count) % count), [moveTo, count]);
  const show = useCallback((slide: number) => moveTo(() => slide), [moveTo]);
  const advance = useCallback(() => step(1), [step]);
  useAutoAdvance(running, intervalMs, index, advance);
  return {
    index, enhanced, playing, running, step, show, setHovered, setFocused, trackRef,
    togglePlaying: () => setUserPlaying(!playing),
    onBlur(event: FocusEvent) {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
    onKeyDown(event: KeyboardEvent) {
      const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!enhanced || by === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      refocusAfterMove(event.target);
      step(by);
    },
  };
}

/**
 * A slide that leaves becomes inert, so a focused link in it would drop focus to the page.
 * When the keyboard moves the slides from inside one, focus follows to the new slide's link.
 */
function useSlideFocus(trackRef: RefObject<HTMLDivElement | null>, index: number) {
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    trackRef.current?.querySelector<HTMLElement>('[data-active] a')?.focus({ preventScroll: true });
  }, [trackRef, index]);
  return (target: EventTarget) => {
    refocus.current = target instanceof Node && trackRef.current?.contains(target) === true;
  };
}

/** The banner's words in the shopper's language; Japanese, marked so, where no English is given. */
function useBannerText(banner: Banner) {
  const { english } = useLang();
  // The title decides: a subtitle never mixes languages with it (an English title without an English subtitle stands alone).
  const title = pickCatalogue(banner.title, banner.titleEn, english);
  const subtitle = title.lang === 'ja' || !english ? banner.subtitle : (banner.subtitleEn ?? '');
  return { lang: title.lang, title: title.text, subtitle };
}

/** `active` null: not enhanced (no JavaScript yet), every slide is live and reachable. */
function BannerSlide({ banner, position, total, active }: { banner: Banner; position: number; total: number; active: boolean | null }) {
  const text = useBannerText(banner);
  return (
    <div
      className="banner-slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} / ${total}`}
      aria-hidden={active === null ? undefined : !active}
      inert={active === false}
      data-active={active === true || undefined}
    >
      {/* The words are HTML over the art (the picture carries none): readable at any width,
          translatable and indexable. */}
      <Link to={banner.link} className="banner-link" draggable={false}>
        {/* The first slide is the top page's largest paint: it loads before the others. */}
        <img src={banner.image || undefined} alt="" width={1600} height={600} draggable={false} fetchPriority={position === 1 ? 'high' : undefined} />
        <span className="banner-caption" lang={text.lang}>
          <strong className="banner-title"><Phrases text={text.title} /></strong>
          {text.subtitle ? <span className="banner-subtitle"><Phrases text={text.subtitle} /></span> : null}
        </span>
      </Link>
    </div>
  );
}

function CarouselControls({ count, carousel }: { count: number; carousel: Carousel }) {
  const t = useT();
  return (
    <div className="banner-controls">
      <button type="button" className="banner-arrow" aria-controls={TRACK_ID} onClick={() => carousel.step(-1)}
        aria-label={t({ ja: '前のスライド', en: 'Previous slide' })}>
        <ControlIcon d="M15 5 8 12l7 7" />
      </button>
      <div className="banner-dots">
        {Array.from({ length: count }, (_, i) => (
          <button key={i} type="button" className="banner-dot" aria-controls={TRACK_ID}
            aria-current={i === carousel.index ? 'true' : undefined} onClick={() => carousel.show(i)}
            aria-label={t({ ja: `${i + 1}枚目を表示`, en: `Show slide ${i + 1}` })} />
        ))}
      </div>
      <button type="button" className="banner-arrow" aria-controls={TRACK_ID} onClick={() => carousel.step(1)}
        aria-label={t({ ja: '次のスライド', en: 'Next slide' })}>
        <ControlIcon d="m9 5 7 7-7 7" />
      </button>
      <button type="button" className="banner-play" onClick={carousel.togglePlaying}
        aria-label={carousel.playing ? t({ ja: '自動再生を停止', en: 'Stop automatic slides' }) : t({ ja: '自動再生を開始', en: 'Start automatic slides' })}>
        {carousel.playing ? <ControlIcon d="M9 6v12M15 6v12" /> : <ControlIcon d="M8 5.5v13l10.5-6.5z" fill />}
      </button>
    </div>
  );
}

function ControlIcon({ d, fill = false }: { d: string; fill?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill={fill ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
