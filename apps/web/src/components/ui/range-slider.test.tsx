import * as Radix from '@radix-ui/react-slider';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RangeSlider } from './range-slider.tsx';

// Issue 41: RangeSlider replaced Radix's Slider on the price filters. Both are driven here the same way,
// side by side, and must end every step at the same values with the same thumb focused.

const MIN = 0;
const MAX = 250_000;
const STEP = 100;

function Ours({ start, minSteps }: { start: [number, number]; minSteps: number }) {
  const [value, setValue] = useState(start);
  return (
    <RangeSlider
      className="ours"
      labels={['Ours low', 'Ours high']}
      min={MIN}
      max={MAX}
      step={STEP}
      minStepsBetweenThumbs={minSteps}
      value={value}
      onValueChange={setValue}
    />
  );
}

function Theirs({ start, minSteps }: { start: [number, number]; minSteps: number }) {
  const [value, setValue] = useState(start);
  return (
    <Radix.Root className="theirs" min={MIN} max={MAX} step={STEP} minStepsBetweenThumbs={minSteps} value={value} onValueChange={(v) => setValue([v[0] as number, v[1] as number])}>
      <Radix.Track>
        <Radix.Range />
      </Radix.Track>
      <Radix.Thumb aria-label="Theirs low" />
      <Radix.Thumb aria-label="Theirs high" />
    </Radix.Root>
  );
}

const values = (who: 'Ours' | 'Theirs') => [
  Number(screen.getByRole('slider', { name: `${who} low` }).getAttribute('aria-valuenow')),
  Number(screen.getByRole('slider', { name: `${who} high` }).getAttribute('aria-valuenow')),
];
const focused = (who: 'Ours' | 'Theirs') => {
  const label = document.activeElement?.getAttribute('aria-label') ?? '';
  return label.startsWith(who) ? label.slice(who.length + 1) : null;
};

beforeAll(() => {
  // jsdom draws nothing: every box is 0-1000 px wide, sizes do not change, and pointer capture is kept per element.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, width: 1000, height: 20, right: 1000, bottom: 20, toJSON: () => ({}) });
  const captured = new WeakMap<Element, Set<number>>();
  Element.prototype.setPointerCapture = function (id: number) {
    captured.set(this, (captured.get(this) ?? new Set()).add(id));
  };
  Element.prototype.hasPointerCapture = function (id: number) {
    return captured.get(this)?.has(id) ?? false;
  };
  Element.prototype.releasePointerCapture = function (id: number) {
    captured.get(this)?.delete(id);
  };
});
afterEach(cleanup);

describe('RangeSlider moves as Radix Slider does', () => {
  it('keys: arrows, PageUp/PageDown, Shift+arrows, Home and End, pushing one thumb against the other', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Ours start={[MIN, MAX]} minSteps={1} />
        <Theirs start={[MIN, MAX]} minSteps={1} />
      </>,
    );
    const keys = ['{PageDown}', '{PageDown}', '{ArrowLeft}', '{Shift>}{ArrowLeft}{/Shift}', '{ArrowUp}', '{PageUp}', '{End}', '{Home}', '{ArrowRight}'];
    for (const thumb of ['low', 'high'] as const) {
      for (const key of keys) {
        for (const who of ['Ours', 'Theirs'] as const) {
          screen.getByRole('slider', { name: `${who} ${thumb}` }).focus();
          await user.keyboard(key);
        }
        expect(values('Ours'), `${thumb} ${key}`).toEqual(values('Theirs'));
      }
    }
  });

  it('a thumb stops where it would come closer than minStepsBetweenThumbs to the other', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Ours start={[MAX - 2_000, MAX]} minSteps={1} />
        <Theirs start={[MAX - 2_000, MAX]} minSteps={1} />
      </>,
    );
    // 248,000 -> 249,000; a second PageUp (to 250,000) is refused; arrows then go up to 249,900.
    for (const who of ['Ours', 'Theirs'] as const) {
      screen.getByRole('slider', { name: `${who} low` }).focus();
      await user.keyboard('{PageUp}{PageUp}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    }
    expect(values('Ours')).toEqual([MAX - STEP, MAX]);
    expect(values('Theirs')).toEqual([MAX - STEP, MAX]);
  });

  it('a press on the track moves the nearest thumb there and focuses it; a drag carries it past the other', () => {
    render(
      <>
        <Ours start={[50_000, 150_000]} minSteps={0} />
        <Theirs start={[50_000, 150_000]} minSteps={0} />
      </>,
    );
    const track = (who: string) => document.querySelector(`.${who}`) as HTMLElement;
    // 1000 px for 250,000: x = 700 is 175,000 (the high thumb is nearer), then dragged down to x = 100 (25,000).
    const moves: Array<[string, number]> = [
      ['pointerDown', 700],
      ['pointerMove', 500],
      ['pointerMove', 100],
      ['pointerUp', 100],
      ['pointerDown', 333],
    ];
    for (const [type, x] of moves) {
      for (const who of ['ours', 'theirs']) {
        fireEvent[type as 'pointerDown'](track(who), { pointerId: 1, clientX: x, buttons: 1 });
        if (type === 'pointerDown') expect(focused(who === 'ours' ? 'Ours' : 'Theirs'), `${type} ${x}`).not.toBeNull();
      }
      expect(values('Ours'), `${type} ${x}`).toEqual(values('Theirs'));
    }
    // Pressed at 175,000 the high thumb went there, dragged below 50,000 it became the low one (25,000);
    // a press at 83,250 (83,300 on the step) then moves the nearer, 50,000.
    expect(values('Ours')).toEqual([25_000, 83_300]);
  });

  it('each thumb is a labelled slider with its values', () => {
    render(<Ours start={[1_000, 9_000]} minSteps={1} />);
    const low = screen.getByRole('slider', { name: 'Ours low' });
    expect(['aria-valuemin', 'aria-valuemax', 'aria-valuenow', 'aria-orientation', 'tabindex'].map((a) => low.getAttribute(a))).toEqual(['0', '250000', '1000', 'horizontal', '0']);
  });
});
