// Vitest set-up file: when CAIRN_TEST_CLOCK is set, every test sees the wall clock moved ahead,
// so a test that silently depends on today's date fails now rather than on the day it turns
// into a date bomb (`bash scripts/test-clock-ahead.sh` runs the suites this way).
// Values: "+7d", "+1y" (days or years ahead of now) or an ISO time the clock starts from.
// The clock keeps running; vi.useFakeTimers and vi.setSystemTime still take over and, when a
// test gives them back, the shifted clock returns (fake timers restore the Date they replaced).

const setting = process.env.CAIRN_TEST_CLOCK;
if (setting) installShiftedDate(offsetMs(setting, Date.now()));

/** How far ahead of realNow the setting moves the clock, in milliseconds. */
function offsetMs(value: string, realNow: number): number {
  const relative = /^\+(\d+)([dy])$/.exec(value);
  if (relative) {
    const target = new Date(realNow);
    if (relative[2] === 'y') target.setFullYear(target.getFullYear() + Number(relative[1]));
    else target.setDate(target.getDate() + Number(relative[1]));
    return target.getTime() - realNow;
  }
  const start = Date.parse(value);
  if (Number.isNaN(start))
    throw new Error(`CAIRN_TEST_CLOCK: expected +Nd, +Ny or an ISO time, got ${value}`);
  return start - realNow;
}

/** Replaces the global Date with one whose "now" (new Date(), Date(), Date.now()) is offset ahead. */
function installShiftedDate(offset: number): void {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object,
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
