// Which thread of a Chrome trace is the measured page's main thread. A trace holds every renderer of
// the browser, and the system's Chromium (151 on) keeps its own address-bar popup, a WebUI page
// (chrome://omnibox-popup.top-chrome), in a renderer of its own that runs scripts too: found by
// "the first renderer that ran a script", it was measured instead of the page in some runs.

/** The fields of a trace event these measurements read. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    beginData?: { url?: string };
    data?: { functionName?: string; url?: string; type?: string };
  };
};

/** The complete events of the renderer main thread that parsed a document of `origin`. */
export function pageMainThreadEvents(events: TraceEvent[], origin: string): TraceEvent[] {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = threads.find((t) =>
    events.some(
      (e) =>
        e.pid === t.pid &&
        e.tid === t.tid &&
        e.name === 'ParseHTML' &&
        e.args?.beginData?.url?.startsWith(`${origin}/`) === true,
    ),
  );
  return main ? events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X') : [];
}
