import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

export const SECTIONS = [
  { id: 'journey-details', label: 'Journey Details' },
  { id: 'journey-map', label: 'Map of journey' },
  { id: 'step-by-step', label: 'Step by step guide' },
] as const;

/** Scrolls a bar that is wider than the screen so its current link shows. */
function keepInView(list: HTMLElement | null): void {
  const link = list?.querySelector('[aria-current="true"]');
  if (!list || !link) return;
  const box = list.getBoundingClientRect();
  const { left, right } = link.getBoundingClientRect();
  if (left < box.left) list.scrollBy({ left: left - box.left });
  else if (right > box.right) list.scrollBy({ left: right - box.right });
}

/**
 * The sticky section bar; the active section follows scrolling. On a phone the links scroll
 * sideways within the bar, which brings the active one into view.
 */
export function StickyBar({ printTo }: { printTo: string }) {
  const [active, setActive] = useState<string>(SECTIONS[0].id);
  const list = useRef<HTMLUListElement>(null);
  // Only on a change: the first link starts in view, and measuring at mount would force a layout
  // inside the task that renders the page.
  const inView = useRef(active);
  useEffect(() => {
    if (inView.current === active) return;
    inView.current = active;
    keepInView(list.current);
  }, [active]);
  useEffect(() => {
    const onScroll = () => {
      let current: string = SECTIONS[0].id;
      for (const s of SECTIONS) {
        const el = document.getElementById(s.id);
        if (el && el.getBoundingClientRect().top <= 120) current = s.id;
      }
      if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 4) current = SECTIONS[2].id;
      setActive(current);
    };
    // Measured in the next frame, with the layout the browser does anyway, not forced now.
    const frame = window.requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return (
    <nav className="sticky-bar no-print" aria-label="Journey sections">
      <ul ref={list}>
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              aria-current={active === s.id ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                const el = document.getElementById(s.id);
                el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                el?.focus({ preventScroll: true });
                setActive(s.id);
              }}
            >
              {s.label}
            </a>
          </li>
        ))}
        <li>
          <Link to={printTo}>Print</Link>
        </li>
      </ul>
    </nav>
  );
}
