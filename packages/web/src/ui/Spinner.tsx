/** SPEC §2: the loading spinner with the text Loading (or a more specific text). */
export function Spinner({ text = 'Loading' }: { text?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-wheel" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
