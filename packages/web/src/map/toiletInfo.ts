import { WEEKDAYS, type OpeningTime, type ToiletMarker } from '@cairn/contracts';

/** Opening hours of one weekday as text: 'n/a' when unknown. */
export function openingText(time: OpeningTime | null | undefined): string {
  if (time === null || time === undefined) return 'n/a';
  if (typeof time === 'string') return time.trim() === '' ? 'n/a' : time;
  return `${time.start}–${time.end}`;
}

/** The icons (as words) of a toilet: Accessible, Men, Women, Baby Change, Free (no payment details). */
export function toiletFeatures(t: ToiletMarker): string[] {
  const out: string[] = [];
  if (t.accessible) out.push('Accessible');
  if (t.men || t.allGender) out.push('Men');
  if (t.women || t.allGender) out.push('Women');
  if (t.babyChange) out.push('Baby Change');
  if (t.paymentDetails === null || t.paymentDetails.trim() === '') out.push('Free');
  return out;
}

const DAY_LABEL: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The info window's content as a DOM element (MapLibre popups take DOM nodes). */
export function toiletInfoElement(t: ToiletMarker, notice: string | null): HTMLElement {
  const root = document.createElement('div');
  root.className = 'toilet-info';
  const h = document.createElement('h3');
  h.textContent = t.name;
  root.append(h);
  const chips = document.createElement('ul');
  chips.className = 'chips';
  chips.setAttribute('aria-label', 'Facilities');
  for (const f of toiletFeatures(t)) {
    const li = document.createElement('li');
    li.textContent = f;
    chips.append(li);
  }
  root.append(chips);
  if (t.paymentDetails) {
    const p = document.createElement('p');
    p.textContent = `Charge: ${t.paymentDetails}`;
    root.append(p);
  }
  const table = document.createElement('table');
  const caption = document.createElement('caption');
  caption.textContent = 'Opening hours';
  table.append(caption);
  for (const day of WEEKDAYS) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = DAY_LABEL[day];
    const td = document.createElement('td');
    td.textContent = openingText(t.openingTimes?.[day]);
    tr.append(th, td);
    table.append(tr);
  }
  root.append(table);
  if (t.notes) {
    const p = document.createElement('p');
    p.textContent = t.notes;
    root.append(p);
  }
  if (notice) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = notice;
    root.append(p);
  }
  return root;
}
