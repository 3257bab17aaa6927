import { describe, expect, it } from 'vitest';
import { TRANSLATIONS, type Tree } from '@/shared/i18n/resources.ts';
import { statisticsFixture } from '../test-fixtures.ts';
import { deviceOverview } from './device-overview.ts';

const english = (key: string): string => {
  const value = key
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      TRANSLATIONS.en,
    );
  if (typeof value !== 'string') throw new Error(`missing ${key}`);
  return value;
};

describe('deviceOverview', () => {
  const groups = deviceOverview(statisticsFixture().platforms);

  it('lists cameras, servers and IP speakers of the first platform, cameras and servers of the second', () => {
    expect(groups.map((g) => `${g.platform}.${g.kind}`)).toEqual([
      'first.camera',
      'first.server',
      'first.ipSpeaker',
      'second.camera',
      'second.server',
    ]);
  });

  it('derives online and healthy from the totals, and links each number to the filtered customer list', () => {
    const camera = groups[0]!;
    expect(camera.total.count).toBe(120);
    expect(camera.online.count).toBe(115);
    expect(camera.offline.count).toBe(5);
    expect(camera.healthy.count).toBe(113);
    expect(camera.abnormal.count).toBe(7);
    expect(camera.offline.href).toBe('/account?platform=first&device=camera&status=offline');
    expect(camera.total.href).toBe('/account?platform=first&device=camera');
    const speaker = groups[2]!;
    expect([speaker.online.count, speaker.offline.count, speaker.statuses.length]).toEqual([8, 2, 1]);
  });

  it('names the camera and server statuses with the catalogue wording', () => {
    const cameraLabels = groups[0]!.statuses.map((s) => english(s.labelKey));
    expect(cameraLabels).toEqual(['Camera offline', 'Recording', 'SD card error', 'Firmware update failed']);
    const server = groups[4]!;
    expect(server.statuses.map((s) => [english(s.labelKey), s.count])).toEqual([
      ['Server offline', 3],
      ['S.M.A.R.T. error', 1],
      ['Disk failed', 2],
      ['Server CPU too high', 1],
      ['Server memory too high', 0],
      ['Server login failed', 1],
      ['Server network too high', 0],
      ['Network session too high', 1],
    ]);
    expect(server.statuses[2]!.href).toBe('/account?platform=second&device=server&status=diskFailed');
  });
});
