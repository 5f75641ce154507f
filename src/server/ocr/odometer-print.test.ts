import { describe, expect, test } from 'bun:test';
import { CAMERA_SIZE, odometerPicture } from '../../../tests/e2e/fake-camera';
import { readOdometer } from './odometer-read';

describe('a printed reading with a leading zero (the browser tests camera picture)', () => {
  test('084512 in one colour is 84,512 km: a plain last digit is no tenths wheel, whatever its shape', async () => {
    const photo = { data: new Uint8Array(await odometerPicture('084512')), ...CAMERA_SIZE };
    const r = await readOdometer(photo);
    expect({ km: r?.km, tenths: r?.tenths, tenthsDoubt: r?.tenthsDoubt }).toEqual({ km: 84512, tenths: undefined, tenthsDoubt: false });
  });
});
