import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseListInSlices } from './parse-in-slices.ts';

const device = z.object({ id: z.string(), online: z.boolean() });
const devices = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `d${index}`, online: index % 2 === 0, extra: 1 }));

describe('parseListInSlices', () => {
  it('answers what parsing the whole list answers, across several slices', async () => {
    const body = { devices: devices(1001) };
    const whole = z.object({ devices: z.array(device) }).parse(body).devices;
    expect(await parseListInSlices('devices', device, body)).toEqual(whole);
  });

  it('refuses a bad item of a later slice with its path in the whole list', async () => {
    const body = { devices: devices(600) };
    body.devices[555] = { id: 'd555', online: 'yes' as unknown as boolean, extra: 1 };
    const refusal = await parseListInSlices('devices', device, body).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(z.ZodError);
    expect((refusal as z.ZodError).issues[0]?.path).toEqual(['devices', 555, 'online']);
  });

  it('refuses a body without the list', async () => {
    await expect(parseListInSlices('devices', device, { items: [] })).rejects.toBeInstanceOf(z.ZodError);
  });

  it('turns each item into its row within the slices, a task of its own per slice', async () => {
    const body = { devices: devices(250) };
    const mappedBeforeATurn: number[] = [];
    let mapped = 0;
    let turns = 0;
    // A timer task that counts the browser's turns while the parse runs.
    const ticker = setInterval(() => {
      turns++;
      mappedBeforeATurn.push(mapped);
    }, 0);
    const rows = await parseListInSlices('devices', device, body, (item) => {
      mapped++;
      return `${item.id}:${item.online ? 'on' : 'off'}`;
    });
    clearInterval(ticker);
    expect(rows).toHaveLength(250);
    expect(rows[0]).toBe('d0:on');
    expect(rows[249]).toBe('d249:off');
    // The browser had turns between the slices: after the first slice, before the last.
    expect(turns).toBeGreaterThan(0);
    expect(mappedBeforeATurn.some((count) => count > 0 && count < 250)).toBe(true);
  });
});
