import type { PoiCategory, TravelType } from '@cairn/contracts';
import { MODE_ICONS, MODE_TO_ICON, POI_ICONS, POI_LABELS } from './iconPaths.ts';
import { modeName } from '../lib/modeLabel.ts';

type SvgProps = { inner: string; size?: number; label?: string | undefined; className?: string | undefined };

function Svg({ inner, size = 24, label, className }: SvgProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      dangerouslySetInnerHTML={{ __html: inner }}
    />
  );
}

/** The icon of a transport mode (SPEC §3 mapping); labelled unless decorative. */
export function ModeIcon({
  mode,
  size,
  decorative,
  className,
}: {
  mode: TravelType;
  size?: number;
  decorative?: boolean;
  className?: string;
}) {
  return (
    <Svg
      inner={MODE_ICONS[MODE_TO_ICON[mode]] ?? MODE_ICONS.walk}
      size={size ?? 24}
      label={decorative ? undefined : modeName(mode)}
      className={className}
    />
  );
}

/** The icon of a place category (used by points of interest only). */
export function PoiIcon({
  type,
  size,
  decorative,
}: {
  type: PoiCategory;
  size?: number;
  decorative?: boolean;
}) {
  return <Svg inner={POI_ICONS[type]} size={size ?? 24} label={decorative ? undefined : POI_LABELS[type]} />;
}
