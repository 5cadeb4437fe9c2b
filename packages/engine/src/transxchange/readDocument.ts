import type { WarningLog } from '../gtfs/warnings.ts';
import type { TxcJourney, TxcLine, TxcOperator, TxcStop } from './model.ts';
import { parseIsoDay, readOperatingProfile, readServicedOrganisation } from './operatingProfile.ts';
import type { OperatingProfile, ServicedOrganisation } from './operatingProfile.ts';
import { findChild, listChildren, parseXmlTree, textAt } from '../xml/xmlTree.ts';
import type { XmlElement } from '../xml/xmlTree.ts';

/*
 * One TransXChange document (2.1 as TNDS publishes it, 2.4/2.5 as BODS does) read into journeys
 * with their calls timed: journey patterns are chains of sections of timing links, each with a
 * run time and wait times at its ends; a vehicle journey sets off at its DepartureTime, may
 * override run and wait times link by link, may skip links at either end (dead runs), and may
 * repeat at a frequency. Elements that would change the timetable but are not read here are
 * reported once per kind; elements that never change it (notes, garages, registrations) are not.
 */

/** Everything the documents of one feed add up to. */
export interface TxcCollection {
  stops: Map<string, TxcStop>;
  operators: Map<string, TxcOperator>;
  lines: Map<string, TxcLine>;
  journeys: TxcJourney[];
  /** Serviced organisations by "file#code" (codes are only unique inside a file). */
  organisations: Map<string, ServicedOrganisation>;
}

/** An empty collection for a feed's documents to be read into. */
export function newTxcCollection(): TxcCollection {
  return { stops: new Map(), operators: new Map(), lines: new Map(), journeys: [], organisations: new Map() };
}

interface StopUsage {
  atco: string;
  activity: string;
  waitSec: number;
}

interface TimingLink {
  id: string;
  from: StopUsage;
  to: StopUsage;
  runSec: number;
}

/** Top-level sections and per-element children that carry nothing a journey planner uses. */
const TOP_LEVEL = new Set([
  'ServicedOrganisations',
  'NptgLocalities',
  'StopPoints',
  'StopAreas',
  'RouteSections',
  'Routes',
  'JourneyPatternSections',
  'Operators',
  'Services',
  'VehicleJourneys',
  'Registrations',
  'SupportingDocuments',
]);
const JOURNEY_CHILDREN = new Set([
  'PrivateCode',
  'Operational',
  'OperatingProfile',
  'VehicleJourneyCode',
  'ServiceRef',
  'LineRef',
  'JourneyPatternRef',
  'VehicleJourneyRef',
  'OperatorRef',
  'DepartureTime',
  'DepartureDayShift',
  'StartDeadRun',
  'EndDeadRun',
  'VehicleJourneyTimingLink',
  'Frequency',
  'FrequentService',
  'Note',
  'Description',
  'GarageRef',
  'SequenceNumber',
  'Direction',
  'DestinationDisplay',
  'TicketMachineJourneyCode',
]);

/** ISO 8601 duration (PT1H2M30S, PT600S) in seconds; undefined when unreadable. */
export function parseIsoDuration(text: string): number | undefined {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim() === 'PT') return undefined;
  return (
    Number(m[1] ?? 0) * 86400 +
    Number(m[2] ?? 0) * 3600 +
    Number(m[3] ?? 0) * 60 +
    Math.round(Number(m[4] ?? 0))
  );
}

/** "HH:MM:SS" (or "HH:MM") in seconds; undefined when unreadable. */
function parseClock(text: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

const MODES = new Set([
  'bus',
  'coach',
  'ferry',
  'tram',
  'underground',
  'metro',
  'rail',
  'trolleyBus',
  'telecabine',
]);

/** Reads one TransXChange document into the collection; problems go to `log` under the file's name. */
export function readTxcDocument(
  text: string,
  file: string,
  collection: TxcCollection,
  log: WarningLog,
): void {
  const parsed = parseXmlTree(text);
  if (!parsed.ok) {
    log.add(file, parsed.line, '', `not readable XML: ${parsed.message}`, 'error');
    return;
  }
  const root = parsed.root;
  if (root.name !== 'TransXChange') {
    log.add(
      file,
      root.line,
      root.name,
      'not a TransXChange document (root element is not TransXChange)',
      'error',
    );
    return;
  }
  const report = (el: XmlElement, message: string): void => log.add(file, el.line, el.name, message);
  for (const section of root.children)
    if (!TOP_LEVEL.has(section.name)) report(section, `section ${section.name} not supported`);

  for (const el of listChildren(findChild(root, 'ServicedOrganisations'), 'ServicedOrganisation')) {
    const org = readServicedOrganisation(el, report);
    collection.organisations.set(`${file}#${org.code}`, org);
  }
  readStops(root, collection);
  const operatorIds = readOperators(root, file, collection, report);

  // Journey pattern sections: the timing links in order.
  const sections = new Map<string, TimingLink[]>();
  for (const s of listChildren(findChild(root, 'JourneyPatternSections'), 'JourneyPatternSection')) {
    const links: TimingLink[] = [];
    for (const l of listChildren(s, 'JourneyPatternTimingLink')) {
      const runSec = parseIsoDuration(textAt(l, 'RunTime'));
      if (runSec === undefined) {
        report(l, 'timing link without a readable RunTime: its section is left out');
        links.length = 0;
        break;
      }
      links.push({
        id: l.attrs.id ?? '',
        from: readUsage(findChild(l, 'From'), report),
        to: readUsage(findChild(l, 'To'), report),
        runSec,
      });
    }
    sections.set(s.attrs.id ?? '', links);
  }

  // Services: their lines, period, default profile, and journey patterns (direction, sections).
  const created = parseIsoDay(
    (root.attrs.ModificationDateTime ?? root.attrs.CreationDateTime ?? '').slice(0, 10),
  );
  interface Pattern {
    links: TimingLink[];
    direction: TxcJourney['direction'];
  }
  interface ServiceInfo {
    code: string;
    periodFrom: number;
    periodTo: number;
    profile: OperatingProfile | undefined;
    patterns: Map<string, Pattern>;
    lineIds: Map<string, string>;
    firstLineId: string;
  }
  const services = new Map<string, ServiceInfo>();
  for (const s of listChildren(findChild(root, 'Services'), 'Service')) {
    const code = textAt(s, 'ServiceCode');
    const from = parseIsoDay(textAt(s, 'OperatingPeriod', 'StartDate'));
    if (from === undefined) {
      report(s, `service ${code} without a readable OperatingPeriod/StartDate is left out`);
      continue;
    }
    const endText = textAt(s, 'OperatingPeriod', 'EndDate');
    // An open-ended service runs, as far as this file knows, for a year past its last revision.
    const to = endText ? parseIsoDay(endText) : Math.max(from, created ?? from) + 365;
    if (to === undefined) {
      report(s, `service ${code}: OperatingPeriod/EndDate not readable; service left out`);
      continue;
    }
    if (findChild(s, 'FlexibleService'))
      report(s, `service ${code}: FlexibleService (demand-responsive) not supported`);
    const profileEl = findChild(s, 'OperatingProfile');
    const rawMode = textAt(s, 'Mode') || 'bus';
    if (!MODES.has(rawMode)) report(findChild(s, 'Mode')!, `mode ${rawMode} not known; read as bus`);
    const mode = MODES.has(rawMode) ? rawMode : 'bus';
    const operatorId =
      operatorIds.get(textAt(s, 'RegisteredOperatorRef')) ?? [...operatorIds.values()][0] ?? '';
    const description =
      textAt(s, 'Description') ||
      [textAt(s, 'StandardService', 'Origin'), textAt(s, 'StandardService', 'Destination')]
        .filter(Boolean)
        .join(' – ');
    const info: ServiceInfo = {
      code,
      periodFrom: from,
      periodTo: to,
      profile: profileEl ? readOperatingProfile(profileEl, report) : undefined,
      patterns: new Map(),
      lineIds: new Map(),
      firstLineId: '',
    };
    for (const l of listChildren(findChild(s, 'Lines'), 'Line')) {
      const id = `${code}:${l.attrs.id ?? textAt(l, 'LineName')}`;
      info.lineIds.set(l.attrs.id ?? '', id);
      info.firstLineId ||= id;
      collection.lines.set(id, { id, operatorId, name: textAt(l, 'LineName'), description, mode });
    }
    for (const jp of listChildren(findChild(s, 'StandardService'), 'JourneyPattern')) {
      const links: TimingLink[] = [];
      for (const ref of listChildren(jp, 'JourneyPatternSectionRefs')) {
        const section = sections.get(ref.text);
        if (!section) report(ref, `journey pattern section ${ref.text} not found`);
        else links.push(...section);
      }
      const dir = textAt(jp, 'Direction');
      info.patterns.set(jp.attrs.id ?? '', {
        links,
        direction: dir === 'outbound' || dir === 'inbound' ? dir : '',
      });
    }
    services.set(code, info);
  }

  // Vehicle journeys; one may borrow the pattern and timings of another (VehicleJourneyRef).
  const journeyEls = listChildren(findChild(root, 'VehicleJourneys'), 'VehicleJourney');
  const byCode = new Map(journeyEls.map((j) => [textAt(j, 'VehicleJourneyCode'), j]));
  for (const vj of journeyEls) {
    for (const c of vj.children)
      if (!JOURNEY_CHILDREN.has(c.name)) report(c, `VehicleJourney/${c.name} not supported`);
    const code = textAt(vj, 'VehicleJourneyCode');
    const borrowed = byCode.get(textAt(vj, 'VehicleJourneyRef'));
    const service = services.get(textAt(vj, 'ServiceRef') || textAt(borrowed, 'ServiceRef'));
    if (!service) {
      report(vj, `vehicle journey ${code}: service ${textAt(vj, 'ServiceRef')} not found; journey left out`);
      continue;
    }
    const patternRef = textAt(vj, 'JourneyPatternRef') || textAt(borrowed, 'JourneyPatternRef');
    const pattern = service.patterns.get(patternRef);
    if (!pattern || pattern.links.length === 0) {
      report(
        vj,
        `vehicle journey ${code}: journey pattern ${patternRef} not found or empty; journey left out`,
      );
      continue;
    }
    const departure = parseClock(textAt(vj, 'DepartureTime'));
    if (departure === undefined) {
      report(vj, `vehicle journey ${code}: DepartureTime not readable; journey left out`);
      continue;
    }
    const dayShift = Number(textAt(vj, 'DepartureDayShift') || 0);
    const profileEl = findChild(vj, 'OperatingProfile') ?? findChild(borrowed, 'OperatingProfile');
    const profile = profileEl ? readOperatingProfile(profileEl, report) : service.profile;
    if (!profile) {
      report(
        vj,
        `vehicle journey ${code}: no OperatingProfile on the journey or its service; journey left out`,
      );
      continue;
    }
    const timed = timeJourney(pattern.links, vj, borrowed, departure + dayShift * 86400, report);
    if (!timed) continue;
    const journey: TxcJourney = {
      id: `${file.replace(/\.xml$/i, '')}:${service.code}:${code || vj.line}`,
      lineId: service.lineIds.get(textAt(vj, 'LineRef')) ?? service.firstLineId,
      direction: pattern.direction,
      profile: scopeOrganisations(profile, file),
      periodFrom: service.periodFrom,
      periodTo: service.periodTo,
      calls: timed,
      file,
      line: vj.line,
    };
    const frequency = readFrequency(vj, departure + dayShift * 86400, report);
    if (frequency) journey.frequency = frequency;
    collection.journeys.push(journey);
  }
}

/** Organisation references made feed-unique ("file#code"), as the collection keys them. */
function scopeOrganisations(p: OperatingProfile, file: string): OperatingProfile {
  if (p.organisationsOn.length + p.organisationsOff.length === 0) return p;
  const scope = (list: OperatingProfile['organisationsOn']): OperatingProfile['organisationsOn'] =>
    list.map((o) => ({ ...o, code: `${file}#${o.code}` }));
  return { ...p, organisationsOn: scope(p.organisationsOn), organisationsOff: scope(p.organisationsOff) };
}

function readUsage(el: XmlElement | undefined, report: (el: XmlElement, message: string) => void): StopUsage {
  const waitText = textAt(el, 'WaitTime');
  const waitSec = waitText ? parseIsoDuration(waitText) : 0;
  if (el && waitSec === undefined) report(findChild(el, 'WaitTime')!, 'WaitTime not readable; taken as none');
  return { atco: textAt(el, 'StopPointRef'), activity: textAt(el, 'Activity'), waitSec: waitSec ?? 0 };
}

/** Stops named by the file (AnnotatedStopPointRef in 2.1, StopPoint in 2.4 when it carries its own place). */
function readStops(root: XmlElement, collection: TxcCollection): void {
  const points = findChild(root, 'StopPoints');
  for (const a of listChildren(points, 'AnnotatedStopPointRef')) {
    const atco = textAt(a, 'StopPointRef');
    if (!collection.stops.has(atco))
      collection.stops.set(atco, {
        atco,
        name: textAt(a, 'CommonName'),
        lat: Number(textAt(a, 'Location', 'Latitude') || NaN),
        lon: Number(textAt(a, 'Location', 'Longitude') || NaN),
      });
  }
  for (const s of listChildren(points, 'StopPoint')) {
    const atco = textAt(s, 'AtcoCode');
    const loc = findChild(findChild(s, 'Place'), 'Location');
    const ll = findChild(loc, 'Translation') ?? loc;
    collection.stops.set(atco, {
      atco,
      name: textAt(s, 'Descriptor', 'CommonName'),
      lat: Number(textAt(ll, 'Latitude') || NaN),
      lon: Number(textAt(ll, 'Longitude') || NaN),
    });
  }
}

/** Operators by their id in this file, mapped to feed-wide ids (the national operator code when given). */
function readOperators(
  root: XmlElement,
  file: string,
  collection: TxcCollection,
  report: (el: XmlElement, message: string) => void,
): Map<string, string> {
  const ids = new Map<string, string>();
  for (const o of [
    ...listChildren(findChild(root, 'Operators'), 'Operator'),
    ...listChildren(findChild(root, 'Operators'), 'LicensedOperator'),
  ]) {
    const id =
      textAt(o, 'NationalOperatorCode') || textAt(o, 'OperatorCode') || `${file}#${o.attrs.id ?? ''}`;
    const name =
      textAt(o, 'TradingName') || textAt(o, 'OperatorNameOnLicence') || textAt(o, 'OperatorShortName') || id;
    if (!o.attrs.id) report(o, 'operator without an id attribute');
    ids.set(o.attrs.id ?? '', id);
    if (!collection.operators.has(id)) collection.operators.set(id, { id, name });
  }
  return ids;
}

/**
 * The calls of one vehicle journey: DepartureTime is the time of leaving the first stop in
 * service; each link adds its run time, and each stop between links its wait times (the To wait
 * of the link arriving and the From wait of the link leaving). A StartDeadRun/EndDeadRun
 * ShortWorking names the first/last link in service; the links outside are not run in service.
 */
function timeJourney(
  patternLinks: TimingLink[],
  vj: XmlElement,
  borrowed: XmlElement | undefined,
  startSec: number,
  report: (el: XmlElement, message: string) => void,
): TxcJourney['calls'] | undefined {
  const overrides = new Map<string, XmlElement>();
  for (const source of [borrowed, vj])
    for (const o of listChildren(source, 'VehicleJourneyTimingLink'))
      overrides.set(textAt(o, 'JourneyPatternTimingLinkRef'), o);
  const links = patternLinks.map((l) => {
    const o = overrides.get(l.id);
    if (!o) return l;
    const run = textAt(o, 'RunTime');
    const runSec = run ? parseIsoDuration(run) : l.runSec;
    if (runSec === undefined)
      report(findChild(o, 'RunTime')!, 'RunTime override not readable; pattern time kept');
    const end = (side: 'From' | 'To', base: StopUsage): StopUsage => {
      const e = findChild(o, side);
      if (!e) return base;
      const wait = textAt(e, 'WaitTime');
      return {
        atco: base.atco,
        activity: textAt(e, 'Activity') || base.activity,
        waitSec: wait ? (parseIsoDuration(wait) ?? base.waitSec) : base.waitSec,
      };
    };
    return { id: l.id, runSec: runSec ?? l.runSec, from: end('From', l.from), to: end('To', l.to) };
  });
  const deadRunLink = (kind: 'StartDeadRun' | 'EndDeadRun'): number => {
    const el = findChild(vj, kind);
    const ref = textAt(el, 'ShortWorking', 'JourneyPatternTimingLinkRef');
    if (!ref) return -1;
    const idx = links.findIndex((l) => l.id === ref);
    if (idx < 0) report(el!, `${kind} names timing link ${ref}, which the journey pattern lacks; ignored`);
    return idx;
  };
  const startIdx = Math.max(0, deadRunLink('StartDeadRun'));
  const endFound = deadRunLink('EndDeadRun');
  const endIdx = endFound >= 0 ? endFound : links.length - 1;
  if (endIdx < startIdx) {
    report(vj, 'dead runs leave no link in service; journey left out');
    return undefined;
  }
  const calls: TxcJourney['calls'] = [];
  const call = (u: StopUsage, arrivalSec: number, departureSec: number): void => {
    const a = u.activity;
    calls.push({
      atco: u.atco,
      arrivalSec,
      departureSec,
      pickUp: a === '' || a === 'pickUp' || a === 'pickUpAndSetDown',
      setDown: a === '' || a === 'setDown' || a === 'pickUpAndSetDown',
    });
  };
  let t = startSec;
  call(links[startIdx]!.from, t, t);
  for (let i = startIdx; i <= endIdx; i++) {
    const l = links[i]!;
    t += l.runSec;
    const arrival = t;
    if (i < endIdx) {
      t += l.to.waitSec + links[i + 1]!.from.waitSec;
      // The link leaving a stop says what is done there when both ends of the stop say something.
      call({ ...l.to, activity: links[i + 1]!.from.activity || l.to.activity }, arrival, t);
    } else call(l.to, arrival, arrival);
  }
  calls[0]!.setDown = false;
  calls[calls.length - 1]!.pickUp = false;
  return calls;
}

/** A journey's repetition (2.4 Frequency, 2.1 FrequentService): every interval until the end time. */
function readFrequency(
  vj: XmlElement,
  startSec: number,
  report: (el: XmlElement, message: string) => void,
): TxcJourney['frequency'] {
  const f = findChild(vj, 'Frequency') ?? findChild(vj, 'FrequentService');
  if (!f) return undefined;
  const end = parseClock(textAt(f, 'EndTime'));
  const interval = findChild(f, 'Interval') ?? f;
  const scheduled = textAt(interval, 'ScheduledFrequency');
  const headwaySec = parseIsoDuration(
    scheduled || textAt(interval, 'MinimumFrequency') || textAt(interval, 'MaximumFrequency'),
  );
  if (end === undefined || headwaySec === undefined || headwaySec <= 0) {
    report(f, `${f.name} without a readable EndTime and interval; journey kept as a single run`);
    return undefined;
  }
  let lastStartSec = end;
  while (lastStartSec < startSec) lastStartSec += 86400;
  return { headwaySec, lastStartSec, exact: scheduled !== '' };
}
