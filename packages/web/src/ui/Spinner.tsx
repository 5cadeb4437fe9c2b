/** SPEC §2: the loading spinner with the text Loading (or a more specific text). */
export function Spinner({ text = 'Loading', page = false }: { text?: string; page?: boolean }) {
  // A whole page loading holds the screen's height, so the footer below does not show and then jump.
  return (
    <div className={page ? 'spinner spinner-page' : 'spinner'} role="status">
      <span className="spinner-wheel" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
