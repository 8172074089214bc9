/** A decorative gift box with a question mark: the contents stay a surprise (docs/spec.md §1). */
export function SpecialGiftBox() {
  return (
    <svg className="special-gift" viewBox="0 0 160 160" width="160" height="160" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="148" rx="56" ry="6" fill="#2b2433" opacity=".08" />
      <rect x="28" y="66" width="104" height="78" rx="10" fill="var(--pink)" />
      <rect x="22" y="48" width="116" height="26" rx="8" fill="var(--pink-deep)" />
      <rect x="72" y="48" width="16" height="96" fill="var(--accent)" />
      <path d="M80 48c-10-20-36-26-38-10s26 10 38 10zm0 0c10-20 36-26 38-10s-26 10-38 10z" fill="var(--accent)" />
      <text x="52" y="120" fontSize="40" fontWeight="900" fill="#fff" textAnchor="middle">?</text>
      <text x="108" y="120" fontSize="40" fontWeight="900" fill="#fff" textAnchor="middle">?</text>
      <circle cx="20" cy="30" r="4" fill="var(--accent)" />
      <circle cx="144" cy="24" r="5" fill="var(--pink)" />
      <path d="M134 94l4 8 8 4-8 4-4 8-4-8-8-4 8-4z" fill="#fff" opacity=".9" />
    </svg>
  );
}
