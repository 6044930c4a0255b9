import { Button, Group, Stack, Text } from '@mantine/core';
import { type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stripDataUrl } from './photos';

type Stroke = { x: number; y: number }[];

/** The PNG sent: this size whatever the pad's size on screen, black strokes on white (a few kB). */
const EXPORT = { width: 600, height: 200 } as const;

function draw(context: CanvasRenderingContext2D, strokes: readonly Stroke[], width: number, height: number, lineWidth: number) {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#111111';
  context.lineWidth = lineWidth;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first.x * width, first.y * height);
    // A tap with no movement still leaves a dot.
    if (rest.length === 0) context.lineTo(first.x * width + 0.1, first.y * height);
    for (const point of rest) context.lineTo(point.x * width, point.y * height);
    context.stroke();
  }
}

/** The strokes as the PNG the API keeps (base64, no data: prefix). */
function exportPng(strokes: readonly Stroke[]): string | null {
  if (strokes.length === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = EXPORT.width;
  canvas.height = EXPORT.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context, strokes, EXPORT.width, EXPORT.height, 4);
  return stripDataUrl(canvas.toDataURL('image/png'));
}

/**
 * The customer's signature: drawn with a finger, a pen or the mouse (pointer events; the pad does not scroll the page
 * while drawn on), cleared with its button, handed up as a PNG's base64 after each stroke. The points are kept from
 * 0 to 1, so a pad resized (a phone turned) redraws the same signature. Someone who cannot draw types their name
 * instead (the screen's field beside it): the pad itself is not a keyboard control.
 */
export function SignaturePad({ onChange, label, hint }: { onChange: (png: string | null) => void; label: string; hint: string }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);
  const labelId = useId();
  const hintId = useId();

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    draw(context, strokes.current, canvas.width, canvas.height, 2.5 * ratio);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    redraw();
    const observer = new ResizeObserver(redraw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
    };
  };

  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    onChange(exportPng(strokes.current));
  };

  return (
    <Stack gap={6}>
      <Text id={labelId} fw={500} size="lg">
        {label}
      </Text>
      <Text id={hintId} size="sm" c="dimmed">
        {hint}
      </Text>
      <canvas
        ref={canvasRef}
        className="ps-signature"
        role="img"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid="signature-pad"
        onPointerDown={(event) => {
          event.preventDefault();
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          strokes.current.push([pointOf(event)]);
          redraw();
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          strokes.current.at(-1)?.push(pointOf(event));
          redraw();
        }}
        onPointerUp={finish}
        onPointerCancel={finish}
      />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c={signed ? 'teal.9' : 'dimmed'} aria-live="polite">
          {signed ? t('handovers.signature.signed') : t('handovers.signature.empty')}
        </Text>
        <Button
          variant="default"
          size="md"
          className="ps-primary-action"
          disabled={!signed}
          onClick={() => {
            strokes.current = [];
            setSigned(false);
            redraw();
            onChange(null);
          }}
        >
          {t('handovers.signature.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
