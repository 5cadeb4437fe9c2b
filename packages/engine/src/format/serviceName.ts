/**
 * A ride's service name as said after its mode ('31' in 'bus 31'), or '' when the name only repeats
 * the mode: a route called 'Funicular' is 'the funicular', not 'the funicular Funicular'.
 */
export function serviceAfterMode(mode: string, service: string): string {
  return service.trim().toLowerCase() === mode.toLowerCase() ? '' : service;
}
