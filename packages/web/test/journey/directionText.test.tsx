// @vitest-environment jsdom
// Feature under test: the web renders a direction's own elements from its structured form.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { DirectionText } from '../../src/journey/DirectionText.tsx';

afterEach(cleanup);

describe('DirectionText', () => {
  it('renders the turn and the road in bold from the structure, not from the HTML', () => {
    const { container } = render(
      <DirectionText
        direction={{
          html_instructions: 'ignored',
          distance: { text: '0.25 miles' },
          instruction: { action: 'turn-right', street: 'High Street', distance_m: 400 },
        }}
      />,
    );
    expect(container.textContent).toBe('Turn right onto High Street');
    expect([...container.querySelectorAll('b')].map((b) => b.textContent)).toEqual(['right', 'High Street']);
  });

  it('shows a street name with <, & and quotes as text, never as markup', () => {
    const street = `<img src=x onerror="alert(1)"> & 'Mill'`;
    const { container } = render(
      <DirectionText
        direction={{
          html_instructions: '',
          distance: { text: '0.25 miles' },
          instruction: { action: 'straight', street, distance_m: 400 },
        }}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')?.textContent).toBe(street);
  });

  it('falls back to the text of the HTML when a server sends no structure', () => {
    const { container } = render(
      <DirectionText
        direction={{
          html_instructions: 'Head <b>north</b> on Grampian Road',
          distance: { text: '0.1 miles' },
        }}
      />,
    );
    expect(container.textContent).toBe('Head north on Grampian Road');
    expect(container.querySelector('b')).toBeNull();
  });
});
