// The default cover for games without one (the spec: "missing covers fall back to a default cover
// image"): a 3:4 tile in the theme's colours with a controller mark, inline so it works offline.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a2350"/><stop offset="1" stop-color="#181b22"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>
<g fill="none" stroke="#7c5cff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.85">
<path d="M92 168h116c26 0 42 22 46 52l8 52c3 22-20 34-36 18l-26-26H100l-26 26c-16 16-39 4-36-18l8-52c4-30 20-52 46-52z"/>
<path d="M104 206v32M88 222h32"/></g>
<g fill="#7c5cff" opacity="0.85"><circle cx="196" cy="212" r="8"/><circle cx="216" cy="234" r="8"/></g>
</svg>`;

export const DEFAULT_COVER_URL = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
