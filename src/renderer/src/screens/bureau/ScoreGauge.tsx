/** The score as a half-circle gauge (0–1000) in Blueprint's intent colours, with the figure written under it. */
import { Colors } from '@blueprintjs/core';
import type { BureauRiskBand } from '@shared/contract';

const BAND_COLOUR: Record<BureauRiskBand, string> = {
  A: Colors.GREEN3,
  B: Colors.GREEN4,
  C: Colors.GOLD3,
  D: Colors.ORANGE3,
  E: Colors.RED3,
};

export function ScoreGauge({ score, band, label }: { score: number; band: BureauRiskBand; label: string }) {
  const r = 80;
  const fraction = Math.min(1, Math.max(0, score / 1000));
  // Arc from the left end (180°) clockwise to the score's angle.
  const angle = Math.PI * (1 - fraction);
  const x = 100 + r * Math.cos(angle);
  const y = 100 - r * Math.sin(angle);
  return (
    <svg className="score-gauge" viewBox="0 0 200 120" width="200" height="120" role="img" aria-label={label} data-testid="bureau-gauge">
      <path d="M 20 100 A 80 80 0 0 1 180 100" fill="none" stroke={Colors.LIGHT_GRAY1} strokeWidth="16" strokeLinecap="round" />
      {fraction > 0 && (
        <path d={`M 20 100 A 80 80 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`} fill="none" stroke={BAND_COLOUR[band]} strokeWidth="16" strokeLinecap="round" />
      )}
      <text x="100" y="92" textAnchor="middle" fontSize="30" fontWeight="600" fill={Colors.DARK_GRAY1}>
        {score}
      </text>
      <text x="100" y="114" textAnchor="middle" fontSize="12" fill={Colors.GRAY1}>
        / 1000
      </text>
    </svg>
  );
}
