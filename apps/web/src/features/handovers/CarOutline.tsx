import type { DamageArea, DamageMark } from '@ps/contracts/handovers';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { areaBoxes, areaOrder, areaStyle, markPoint, OUTLINE, pointOnArea } from './marks';

const INK = '#495057';
const GLASS = '#dee2e6';
const TYRE = '#343a40';
/** The marks of this handover: red circles; the check-in's, shown at check-out: blue diamonds (not told by colour alone). */
export const NEW_MARK = '#c92a2a';
export const EARLIER_MARK = '#1864ab';

/** The front or the rear seen head-on: its glass at the top, lamps, the bumper and the tyres below. */
function FaceView({ rear }: { rear: boolean }) {
  return (
    <>
      <path
        d="M8 58 L10 34 Q14 26 24 24 L34 8 Q36 5 40 5 L80 5 Q84 5 86 8 L96 24 Q106 26 110 34 L112 58 Z"
        fill="#fff"
        stroke={INK}
        strokeWidth={1.5}
      />
      <path d="M37 10 L83 10 L92 23 L28 23 Z" fill={GLASS} stroke={INK} />
      <rect x={2} y={25} width={8} height={6} rx={2} fill="#fff" stroke={INK} />
      <rect x={110} y={25} width={8} height={6} rx={2} fill="#fff" stroke={INK} />
      <rect x={15} y={31} width={21} height={8} rx={3} fill={rear ? '#ffc9c9' : '#fff9db'} stroke={INK} />
      <rect x={84} y={31} width={21} height={8} rx={3} fill={rear ? '#ffc9c9' : '#fff9db'} stroke={INK} />
      {rear ? (
        <rect x={46} y={36} width={28} height={9} rx={1} fill="#fff" stroke={INK} />
      ) : (
        <rect x={44} y={32} width={32} height={10} rx={2} fill={GLASS} stroke={INK} />
      )}
      <line x1={12} y1={48} x2={108} y2={48} stroke={INK} />
      <rect x={14} y={56} width={14} height={7} rx={2} fill={TYRE} />
      <rect x={92} y={56} width={14} height={7} rx={2} fill={TYRE} />
    </>
  );
}

/** The car from above, front at the top: bonnet, windscreen, roof, rear window, boot, mirrors. */
function TopView() {
  return (
    <>
      <rect x={8} y={38} width={8} height={32} rx={2} fill={TYRE} />
      <rect x={104} y={38} width={8} height={32} rx={2} fill={TYRE} />
      <rect x={8} y={214} width={8} height={32} rx={2} fill={TYRE} />
      <rect x={104} y={214} width={8} height={32} rx={2} fill={TYRE} />
      <rect x={14} y={4} width={92} height={280} rx={34} fill="#fff" stroke={INK} strokeWidth={1.5} />
      <path d="M26 62 Q60 52 94 62" fill="none" stroke={INK} />
      <path d="M22 80 Q60 68 98 80 L92 106 Q60 98 28 106 Z" fill={GLASS} stroke={INK} />
      <rect x={28} y={110} width={64} height={94} rx={8} fill="#f1f3f5" stroke={INK} />
      <path d="M28 208 Q60 214 92 208 L97 234 Q60 242 23 234 Z" fill={GLASS} stroke={INK} />
      <rect x={4} y={90} width={12} height={8} rx={2} fill="#fff" stroke={INK} />
      <rect x={104} y={90} width={12} height={8} rx={2} fill="#fff" stroke={INK} />
    </>
  );
}

/** The left side, front at the top, laid out beside the roof: its wheels outwards, its windows towards the roof. */
function SideView() {
  return (
    <>
      <circle cx={14} cy={56} r={15} fill={TYRE} />
      <circle cx={14} cy={232} r={15} fill={TYRE} />
      <rect x={12} y={6} width={40} height={276} rx={14} fill="#fff" stroke={INK} strokeWidth={1.5} />
      <path d="M52 66 L70 94 L70 204 L52 226 Z" fill={GLASS} stroke={INK} />
      <line x1={52} y1={148} x2={70} y2={148} stroke={INK} />
      <line x1={12} y1={98} x2={52} y2={98} stroke={INK} />
      <line x1={12} y1={148} x2={52} y2={148} stroke={INK} />
      <line x1={12} y1={200} x2={52} y2={200} stroke={INK} />
      <rect x={52} y={84} width={8} height={10} rx={2} fill="#fff" stroke={INK} />
    </>
  );
}

/** Where each area's name is written, in the outline's units (the sides' names run along them). */
const labelAt: Record<DamageArea, { x: number; y: number; rotate?: number }> = {
  front: { x: 150, y: 52 },
  rear: { x: 150, y: 428 },
  roof: { x: 150, y: 164 },
  left: { x: 32, y: 200, rotate: -90 },
  right: { x: 268, y: 200, rotate: 90 },
};

export interface OutlineMark {
  area: DamageArea;
  x: number;
  y: number;
}

/**
 * The car outline (marks.ts has its geometry): each area is a button over its panel when `onAdd` is given, so a tap
 * marks the spot tapped, and Enter or Space on a focused area marks its centre. The marks are drawn over the panels
 * and never catch a tap. The drawing itself is hidden from screen readers: the marks' list below it says the same.
 */
export function CarOutline({
  marks,
  earlier = [],
  onAdd,
  maxWidth = 320,
}: {
  marks: readonly OutlineMark[];
  /** The check-in's marks, shown at check-out beside the new ones. */
  earlier?: readonly DamageMark[];
  onAdd?: (mark: OutlineMark) => void;
  maxWidth?: number;
}) {
  const { t } = useTranslation();
  const add = (area: DamageArea) => (event: MouseEvent<HTMLButtonElement>) => {
    // A click from the keyboard (Enter, Space) has no pointer: detail is 0.
    const point = pointOnArea(event.currentTarget.getBoundingClientRect(), event.detail === 0 ? null : event);
    onAdd?.({ area, ...point });
  };
  return (
    <div className="ps-outline" style={{ maxWidth, aspectRatio: `${OUTLINE.width} / ${OUTLINE.height}` }}>
      <svg viewBox={`0 0 ${OUTLINE.width} ${OUTLINE.height}`} aria-hidden="true" focusable="false" className="ps-outline-layer">
        {areaOrder.map((area) => {
          const box = areaBoxes[area];
          return <rect key={area} x={box.x} y={box.y} width={box.width} height={box.height} rx={6} fill="#f8f9fa" stroke="#ced4da" />;
        })}
        <g transform={`translate(${areaBoxes.front.x} ${areaBoxes.front.y})`}>
          <FaceView rear={false} />
        </g>
        <g transform={`translate(${areaBoxes.rear.x} ${areaBoxes.rear.y})`}>
          <FaceView rear />
        </g>
        <g transform={`translate(${areaBoxes.roof.x} ${areaBoxes.roof.y})`}>
          <TopView />
        </g>
        <g transform={`translate(${areaBoxes.left.x} ${areaBoxes.left.y})`}>
          <SideView />
        </g>
        {/* The right side is the left one mirrored: its wheels outwards on the right. */}
        <g transform={`translate(${areaBoxes.right.x + areaBoxes.right.width} ${areaBoxes.right.y}) scale(-1 1)`}>
          <SideView />
        </g>
        {areaOrder.map((area) => {
          const label = labelAt[area];
          return (
            <text
              key={area}
              x={label.x}
              y={label.y}
              transform={label.rotate ? `rotate(${label.rotate} ${label.x} ${label.y})` : undefined}
              textAnchor="middle"
              dominantBaseline="middle"
              className="ps-outline-label"
            >
              {t(`handovers.areas.${area}`)}
            </text>
          );
        })}
      </svg>
      {onAdd
        ? areaOrder.map((area) => (
            <button
              key={area}
              type="button"
              className="ps-outline-area"
              style={areaStyle(area)}
              aria-label={t('handovers.outline.addOn', { area: t(`handovers.areas.${area}`) })}
              data-area={area}
              onClick={add(area)}
            />
          ))
        : null}
      <svg
        viewBox={`0 0 ${OUTLINE.width} ${OUTLINE.height}`}
        aria-hidden="true"
        focusable="false"
        className="ps-outline-layer ps-outline-marks"
      >
        {earlier.map((mark, index) => {
          const { cx, cy } = markPoint(mark);
          return (
            <g key={`earlier-${index}`} data-testid="outline-earlier-mark">
              <rect
                x={cx - 7}
                y={cy - 7}
                width={14}
                height={14}
                transform={`rotate(45 ${cx} ${cy})`}
                fill={EARLIER_MARK}
                stroke="#fff"
                strokeWidth={1.5}
              />
              <text x={cx} y={cy} textAnchor="middle" dominantBaseline="central" className="ps-outline-number">
                {index + 1}
              </text>
            </g>
          );
        })}
        {marks.map((mark, index) => {
          const { cx, cy } = markPoint(mark);
          return (
            <g key={`mark-${index}`} data-testid="outline-mark">
              <circle cx={cx} cy={cy} r={9} fill={NEW_MARK} stroke="#fff" strokeWidth={1.5} />
              <text x={cx} y={cy} textAnchor="middle" dominantBaseline="central" className="ps-outline-number">
                {index + 1}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
