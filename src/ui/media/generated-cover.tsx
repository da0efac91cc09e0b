// A game's generated cover (core/cover-art.ts plans it): an inline SVG poster in a 300 × 400
// viewBox that fills its box, so it is sharp at 32 px and at 264 px and costs no request. Shown
// where a game has no picture, and under a real cover until (and unless) that one loads. Its own
// chunk: it registers itself with cover-art-registry.ts, through which the home page's code uses it.
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  COVER_HEIGHT,
  COVER_PADDING,
  COVER_WIDTH,
  coverPlan,
  FONT_STACKS,
  type CoverFacts,
  type CoverPlan,
} from '../../core/cover-art.ts';
import { provideCoverArt, type GeneratedCoverProps } from './cover-art-registry.ts';
import './generated-cover.css';

const W = COVER_WIDTH;
const H = COVER_HEIGHT;
const PAD = COVER_PADDING;

/** Measured widths are rounded to this many pixels, so a window being resized re-plans now and then, not every frame. */
const WIDTH_STEP = 4;

/** Every cover's box, watched by one observer; the callbacks re-plan the covers whose width changed. */
const widthWatchers = new Map<Element, (width: number) => void>();
let widthObserver: ResizeObserver | null = null;

/** Calls `update` with the box's width now (before the next paint) and on every resize; returns the unobserve. */
function observeWidth(el: Element, update: (width: number) => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  widthObserver ??= new ResizeObserver((entries) => {
    // Rendered at once, inside the observer's callback: the browser lays the changed covers out
    // again and paints them as re-planned, all of them in one render.
    flushSync(() => {
      for (const entry of entries) widthWatchers.get(entry.target)?.(entry.contentRect.width);
    });
  });
  widthWatchers.set(el, update);
  widthObserver.observe(el);
  return () => {
    widthWatchers.delete(el);
    widthObserver?.unobserve(el);
  };
}

/** Plans made, by game and width: a cover re-renders with its list (and a game shows in several places). */
const plans = new Map<string, CoverPlan>();
const PLANS_KEPT = 1000;

function plannedCover(game: CoverFacts, width: number): CoverPlan {
  const key = JSON.stringify([
    width,
    game.name,
    game.igdb_id ?? null,
    game.genres ?? null,
    game.genre ?? null,
    game.platforms ?? null,
    game.release_year ?? null,
    game.first_release_date ?? null,
    game.release_date ?? null,
  ]);
  let plan = plans.get(key);
  if (!plan) {
    if (plans.size >= PLANS_KEPT) plans.clear();
    plan = coverPlan(game, width);
    plans.set(key, plan);
  }
  return plan;
}

export function GeneratedCover({ game, width, label }: GeneratedCoverProps) {
  const svg = useRef<SVGSVGElement>(null);
  // Starts at the width asked for, which the box nearly always has. Its real width comes from one
  // ResizeObserver shared by every cover (observeWidth): the browser reports each box after its
  // layout and before the frame paints, so a cover whose box differs is re-planned before it is
  // seen. Measuring each box itself in a layout effect forced a layout of the whole page per cover
  // (a third of a second on a slow phone for a game page's covers).
  const [shown, setShown] = useState(() => Math.round(width / WIDTH_STEP) * WIDTH_STEP);
  // A layout effect, so the box is observed before this frame's layout (observing measures nothing).
  useLayoutEffect(() => {
    const el = svg.current;
    if (!el) return;
    return observeWidth(el, (w) => {
      if (w > 0) setShown(Math.round(w / WIDTH_STEP) * WIDTH_STEP);
    });
  }, []);
  const plan = plannedCover(game, shown);
  // useId's ':' and '«' are not safe in url(#…) everywhere.
  const uid = `cv${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const { palette, tier } = plan;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      ref={svg}
      className="generated-cover"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="xMidYMid slice"
      focusable="false"
      data-genre={plan.genre}
      data-platform={plan.platform}
      data-tier={tier}
      {...a11y}
    >
      <defs>
        <linearGradient id={`${uid}g`} x1="0" y1="0" x2="0.35" y2="1">
          <stop offset="0" stopColor={palette.top} />
          <stop offset="1" stopColor={palette.bottom} />
        </linearGradient>
        <pattern
          id={`${uid}p`}
          width={plan.pattern.size}
          height={plan.pattern.size}
          patternUnits="userSpaceOnUse"
          patternTransform={ROTATED.has(plan.pattern.kind) ? `rotate(${plan.pattern.angle})` : undefined}
        >
          {patternTile(plan)}
        </pattern>
        <linearGradient id={`${uid}s`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0.3" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity="0.66" />
        </linearGradient>
      </defs>
      <rect width={W} height={H} fill={`url(#${uid}g)`} />
      <g opacity={tier === 'mark' ? 0.55 : 0.9}>{motif(plan)}</g>
      <rect width={W} height={H} fill={`url(#${uid}p)`} opacity={tier === 'mark' ? 0.2 : 0.16} />
      {tier === 'mark' ? (
        <Monogram plan={plan} />
      ) : (
        <>
          <rect width={W} height={H} fill={`url(#${uid}s)`} />
          <Label plan={plan} />
          <Title plan={plan} />
        </>
      )}
      <rect x="1" y="1" width={W - 2} height={H - 2} fill="none" stroke="#fff" strokeOpacity="0.1" strokeWidth="2" />
    </svg>
  );
}

const ROTATED = new Set(['stripes', 'hatch', 'waves']);

function patternTile({ pattern: { kind, size: s }, palette: { ink } }: CoverPlan): ReactNode {
  const line = { stroke: ink, strokeWidth: Math.max(1.5, s * 0.06), fill: 'none' };
  switch (kind) {
    case 'dots':
      return <circle cx={s / 2} cy={s / 2} r={s * 0.14} fill={ink} />;
    case 'rings':
      return <circle cx={s / 2} cy={s / 2} r={s * 0.3} {...line} />;
    case 'stripes':
      return <rect width={s * 0.3} height={s} fill={ink} />;
    case 'grid':
      return <path d={`M0 0.75H${s}M0.75 0V${s}`} {...line} />;
    case 'waves':
      return <path d={`M0 ${s / 2}Q${s / 4} ${s / 4} ${s / 2} ${s / 2}T${s} ${s / 2}`} {...line} />;
    case 'pixels':
      return <path d={`M0 0h${s / 4}v${s / 4}h-${s / 4}zM${s / 2} ${s / 2}h${s / 4}v${s / 4}h-${s / 4}z`} fill={ink} />;
    case 'hatch':
      return <path d={`M0 0L${s} ${s}M${s} 0L0 ${s}`} {...line} />;
  }
}

function motif({ motif: { kind, x, y, r }, palette: { accent, top } }: CoverPlan): ReactNode {
  switch (kind) {
    case 'sun':
      return (
        <>
          <circle cx={x} cy={y} r={r * 1.45} fill="none" stroke={accent} strokeOpacity="0.35" strokeWidth="3" />
          <circle cx={x} cy={y} r={r} fill={accent} />
        </>
      );
    case 'band':
      return <path d={`M0 ${y + 90}L${W} ${y - 50}v${r * 0.7}L0 ${y + 90 + r * 0.7}z`} fill={accent} />;
    case 'arc':
      return <circle cx={x} cy={y} r={r} fill="none" stroke={accent} strokeWidth={r * 0.24} />;
    case 'peaks': {
      const base = y + 150;
      return (
        <>
          <path d={`M${x - r * 1.6} ${base}L${x} ${base - r * 1.5}L${x + r * 1.6} ${base}z`} fill={accent} />
          <path
            d={`M${x - r * 0.4} ${base}L${x + r * 0.9} ${base - r * 0.95}L${x + r * 2.4} ${base}z`}
            fill={top}
            opacity="0.85"
          />
          <rect y={base - 1} width={W} height={H - base + 1} fill={top} opacity="0.6" />
        </>
      );
    }
  }
}

function Monogram({ plan }: { plan: CoverPlan }) {
  return (
    <text
      x={W / 2}
      y={H / 2 + plan.monogramSize * 0.36}
      textAnchor="middle"
      fontSize={plan.monogramSize}
      fontWeight="800"
      fontFamily={FONT_STACKS[plan.font]}
      fill="#fff"
      stroke={plan.palette.bottom}
      strokeWidth="12"
      strokeOpacity="0.55"
      paintOrder="stroke"
      strokeLinejoin="round"
    >
      {plan.monogram}
    </text>
  );
}

/** The genre word, top right (posters only). */
function Label({ plan }: { plan: CoverPlan }) {
  if (!plan.label) return null;
  return (
    <text
      x={W - PAD}
      y={PAD + plan.metaSize * 0.7}
      textAnchor="end"
      fontFamily={FONT_STACKS.sans}
      fontWeight="700"
      fontSize={plan.metaSize * 0.82}
      letterSpacing="0.14em"
      fill="#fff"
      opacity="0.8"
    >
      {plan.label.toUpperCase()}
    </text>
  );
}

/** The title, bottom left, with the year and a short rule in the accent colour above it. */
function Title({ plan }: { plan: CoverPlan }) {
  const last = H - PAD - plan.size * 0.12;
  const first = last - (plan.lines.length - 1) * plan.leading;
  const kicker = first - plan.size * 0.82 - plan.metaSize * 0.55;
  const rule = { x: PAD + plan.metaSize * 3.7, width: plan.metaSize * 1.6, height: Math.max(3, plan.metaSize * 0.14) };
  return (
    <>
      {plan.year !== null && (
        <g>
          <text
            x={PAD}
            y={kicker}
            fontFamily={FONT_STACKS.sans}
            fontWeight="700"
            fontSize={plan.metaSize}
            letterSpacing="0.08em"
            fill="#fff"
            opacity="0.9"
          >
            {plan.year}
          </text>
          <rect
            x={rule.x}
            y={kicker - plan.metaSize * 0.36 - rule.height / 2}
            width={rule.width}
            height={rule.height}
            fill={plan.palette.accent}
          />
        </g>
      )}
      <text
        className="generated-cover__title"
        x={PAD}
        fontSize={plan.size}
        fontWeight={plan.font === 'serif' ? 700 : 800}
        fontFamily={FONT_STACKS[plan.font]}
        fontStretch={plan.font === 'condensed' ? 'condensed' : undefined}
        fill="#fff"
      >
        {plan.lines.map((line, i) => (
          <tspan key={i} x={PAD} y={first + i * plan.leading}>
            {line}
          </tspan>
        ))}
      </text>
    </>
  );
}

provideCoverArt(GeneratedCover);
