import { lazy, Suspense, type ComponentType, type JSX } from 'react';

/** A part of every page whose code is not in the entry: it hydrates once its chunk has arrived. */
export interface LaterPart<P> {
  (props: P): JSX.Element;
  /** Starts loading the part's code (the entry does so for the shell's parts, beside the page's module). */
  preload: () => Promise<unknown>;
}

const IS_SERVER = typeof document === 'undefined';
/** On the server every part starts loading when it is declared; the root loader waits for them. */
const serverLoads: Promise<unknown>[] = [];

/** Resolves once every part declared so far is loaded on the server (at once in the browser). */
export function laterPartsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * Wraps a part of the shell (the footer, the closed menu) in its own Suspense boundary whose code
 * is a separate chunk. The server renders it in place, so the page is whole without JavaScript.
 * In the browser React hydrates everything else first and leaves this part's server HTML as it
 * is until the chunk arrives (React's selective hydration: "Suspense ... lets you hydrate parts of
 * the page independently", https://react.dev/reference/react-dom/client/hydrateRoot); a click on
 * it meanwhile is replayed once it has hydrated. See docs/decisions/00XX-less-script.md.
 *
 * On the server the part is rendered directly once loaded (never suspending, so no streamed
 * fallback and no `$RC` script: decision 0015); the browser always renders the lazy one, so its
 * element type never changes after hydration (a change would remount it).
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): LaterPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  if (IS_SERVER) serverLoads.push(preload());

  function Later(props: P) {
    const Part = IS_SERVER && loaded ? loaded : Lazy;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Object.assign(Later, { preload });
}
