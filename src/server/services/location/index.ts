/**
 * Location: pings (group-committed and the surge inbox) and the fleet map.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { fleetPositions, riderHistory } from './fleet';
export { pingWriter, recordLocation } from './locations';
