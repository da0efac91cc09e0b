// The Checkpoint mark (public/icon.svg) drawn inline: it paints with the page's first frame, with
// no request of its own (index.html's static shell carries the same drawing).
export function BrandMark({ size, className }: { size: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="96" fill="#0f1115" />
      <path d="M152 120h208l-40 272H192z" fill="#7c5cff" />
      <circle cx="256" cy="236" r="56" fill="#0f1115" />
      <path
        d="M232 236l18 18 34-38"
        stroke="#3ddc97"
        strokeWidth="18"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
