/**
 * Ends the current task so the browser can paint and handle input before the work that follows
 * (`scheduler.yield` where the browser has it, which resumes ahead of other queued tasks).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((done) => setTimeout(done, 0));
}
