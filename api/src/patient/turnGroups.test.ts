import { expect, it } from 'vitest';
import { turnGroups } from './turnGroups';

const turn = () => new Promise((resolve) => setImmediate(resolve));

it('hands what one turn added to flush as one group', async () => {
  const groups: number[][] = [];
  const add = turnGroups<number>(async (group) => {
    groups.push(group);
  });
  add(1);
  add(2);
  add(3);
  expect(groups).toEqual([]);
  await turn();
  add(4);
  await turn();
  expect(groups).toEqual([[1, 2, 3], [4]]);
});

it('keeps at most `inFlight` groups out; what arrives meanwhile leaves together when one comes back', async () => {
  const groups: number[][] = [];
  const done: Array<() => void> = [];
  const add = turnGroups<number>(
    (group) =>
      new Promise<void>((resolve) => {
        groups.push(group);
        done.push(resolve);
      }),
    1,
  );
  add(1);
  await turn();
  for (const n of [2, 3]) {
    add(n);
    await turn();
  }
  add(4);
  await turn();
  expect(groups).toEqual([[1]]);
  done[0]?.();
  await turn();
  await turn();
  expect(groups).toEqual([[1], [2, 3, 4]]);
  done[1]?.();
  await turn();
  await turn();
  expect(groups).toHaveLength(2);
});
