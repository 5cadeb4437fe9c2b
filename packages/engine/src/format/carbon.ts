/** kg CO2e with one decimal (two below 1 kg, so small walks do not all read 0.0). */
export function formatCo2(kg: number): string {
  return `${kg < 1 ? kg.toFixed(2) : kg.toFixed(1)} kg CO2e`;
}
