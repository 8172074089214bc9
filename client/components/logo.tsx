/**
 * The brand mark: a gift box whose bow is a heart (the box is a surprise from your oshi). Inline
 * SVG so it needs no request and scales crisply; colours are the brand tokens of base.css.
 */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="logo-mark" viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="7" y="19" width="26" height="17" rx="3.5" fill="#ff6f91" />
      <rect x="5" y="13.5" width="30" height="7.5" rx="2.5" fill="#c2185b" />
      <rect x="17.5" y="13.5" width="5" height="22.5" fill="#ffd166" />
      <path d="M7 21h26v2.2H7z" fill="#000" opacity="0.08" />
      <path
        d="M20 13.2c-5.6-3.1-7.6-6.3-6.3-8.6 1.1-1.9 4.3-1.9 6.3 1 2-2.9 5.2-2.9 6.3-1 1.3 2.3-.7 5.5-6.3 8.6z"
        fill="#ff6f91"
        stroke="#c2185b"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark and name side by side; the tagline shows on wide screens only (see shell.css). */
export function Logo({ brandName, tagline }: { brandName: string; tagline?: string }) {
  return (
    <>
      <LogoMark />
      <span className="logo-words">
        <span className="logo-text">{brandName}</span>
        {tagline ? <span className="logo-tagline">{tagline}</span> : null}
      </span>
    </>
  );
}
