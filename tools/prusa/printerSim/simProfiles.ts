/**
 * How each kind of real printer answers PrusaLink's v1 API where it differs from the spec or from
 * another kind: the facts `engiai printer-sim --profile` plays. Written by us as data; the sources
 * are named per fact (PrusaLink's OpenAPI spec, prusa3d/Prusa-Link-Web spec/openapi.yaml, version
 * "1.0.0-draft" at commit 54a54b418edff78f911490744cb851a2e7682d6e; Python PrusaLink's web handlers,
 * prusa3d/Prusa-Link at commit 58d09dad9a9ceed9a6cb48c564a32c727feb31ec, prusa/link/web/files.py,
 * cameras.py, conditions.py; and Buddy firmware, prusa3d/Prusa-Firmware-Buddy at commit
 * 818d812f954802903ea0ff39bf44376fb0b35dd2, lib/WUI/link_content/prusa_link_api_v1.cpp,
 * basic_gets.cpp, prusa_api_helpers.cpp, lib/WUI/nhttp/gcode_upload.cpp, status_renderer.cpp,
 * transfer_renderer.cpp, src/common/print_utils.cpp, utils/gen-automata/http_server.py).
 *
 * - `sim`: the simulator's own default, as the spec reads (kind: one local storage with its free
 *   space, instant commands, a finished job stays visible, DELETE /api/v1/transfer/{id}, cameras
 *   as a JSON array); the upload codes are the real ones.
 * - `prusalink`: Python PrusaLink (MK3S and older behind a Raspberry Pi): `status.storage` is an
 *   array, a finished job is gone (GET /api/v1/job answers 204), HEAD booleans are Python's
 *   `True`/`False`, full storage 413; commands are queued, so they act after a delay; a transfer is
 *   stopped with DELETE /api/v1/transfer (no id; files.py transfer_abort: 200, 204 when none) and the
 *   stopped upload answers 400 "File Upload Failed"; Create-Folder on an existing folder is 201
 *   (mkdir exist_ok); a non-empty folder is deleted only with `Force: ?1` (else 409 "Directory is
 *   not empty"); GET /api/v1/cameras answers {camera_list: [...]}, not the spec's bare array, and
 *   /cameras/snap without a camera 404 "Camera is not available".
 * - `mk4`, `mini`, `xl`: Buddy firmware, one code base for all three (no per-model branch in the
 *   files above): only a `usb` storage at path "/usb/" (basic_gets.cpp get_storage), and no
 *   free_space or total_space anywhere, in /api/v1/storage or status.storage (status_renderer.cpp),
 *   on any of the three; an empty upload is 501 "0-sized files aren't implemented", a missing
 *   Content-Length 411, no room 507, a name that is not printable G-code 415 "Not a GCODE", a second
 *   upload while one runs 409 "Another transfer in progress" (gcode_upload.cpp); Print-After-Upload
 *   on a busy printer stores the file, then 409 "Can't print right now"; `continue` is not a command
 *   there: 400 (prusa_link_api_v1.cpp handle_command); stop works in PRINTING, PAUSED and
 *   ATTENTION, pause only in PRINTING, resume only in PAUSED, else 409; a job in ATTENTION shows as
 *   PAUSED on /api/v1/job (basic_gets.cpp get_job_v1); a FINISHED or STOPPED job is gone (GET
 *   /api/v1/job 204, no job in the status: src/state/printer_state.cpp has_job), as on PrusaLink; /api/v1/transfer exists but not
 *   /api/v1/transfer/{id}: a transfer is stopped only from Prusa Connect, and the upload then
 *   answers 503 "Upload stopped from connect"; transfer `size` is a string, as the spec has it;
 *   a path outside /usb/ (/api/v1/files/local/…) is 403 (prusa_api_helpers.cpp parse_file_url);
 *   HEAD names the "being printed" header Currently-Printing, not the spec's Currently-Printed
 *   (lib/WUI/nhttp/file_info.cpp; lowercase true/false); folders are made with `Create-Folder: ?1` (201, or 409 "Already exists"), and a failed delete
 *   (a folder not empty) maps to 404 (print_utils.cpp remove_file → GeneralError; not tried on a
 *   printer); there are no /api/v1/cameras routes (404). Commands act after a delay.
 * - `legacy`: a host with only the old OctoPrint-style API (Prusa-Link-Web's own mock): /api/v1/*
 *   is an HTML 404 page and a password is asked for with HTTP Basic.
 *
 * Not checked against source: how long a real printer takes to act (commandDelayMs is a guess),
 * and whether Buddy firmware looks at Content-Type (the simulator refuses types other than
 * octet-stream and text/x.gcode on every profile, as Python PrusaLink does). Python PrusaLink's
 * snapshot is the camera driver's JPEG; the simulator sends a PNG (image/png, as the spec says).
 */
import type { StorageInfo } from '../prusaLink.ts';

export const SIM_PROFILES = ['sim', 'prusalink', 'mk4', 'mini', 'xl', 'legacy'] as const;
export type SimProfileName = (typeof SIM_PROFILES)[number];

export interface SimProfile {
  name: SimProfileName;
  /** What `/api/version` says (text, firmware). */
  version: { text: string; firmware: string; api: string };
  /** The storages /api/v1/storage lists; the first is where uploads go. */
  storages: readonly Omit<StorageInfo, 'free_space' | 'total_space'>[];
  /** Whether free_space (and total_space) are reported, in /api/v1/storage and status.storage. */
  reportsFreeSpace: boolean;
  /** status.storage: the spec's object, or Python PrusaLink's array. */
  statusStorage: 'object' | 'array';
  /** Status of an upload that does not fit (spec: unlisted; PrusaLink 413, firmware 507). */
  storageFullStatus: 413 | 507;
  /** Whether GET /api/v1/job still shows a FINISHED or STOPPED job (PrusaLink: 204 instead). */
  endedJobVisible: boolean;
  /** HEAD /api/v1/files/…: how Read-Only and Currently-Printed spell a boolean. */
  headBoolean: (v: boolean) => string;
  /** HEAD's "being printed" header: the spec's Currently-Printed, or the firmware's Currently-Printing (file_info.cpp). */
  headPrintedName: 'Currently-Printed' | 'Currently-Printing';
  /** /api/v1/files/OTHER/…: 404 (PrusaLink, spec) or 403 (firmware: parse_file_url forbids anything outside /usb/). */
  unknownStorageStatus: 403 | 404;
  /** The 409 for a second upload while one runs (firmware gcode_upload.cpp; PrusaLink conditions.py TransferConflict). */
  transferConflict: { title: string; text: string };
  /** Real milliseconds before start, pause, resume and stop take effect (the command is queued). */
  commandDelayMs: number;
  /** Only the OctoPrint-style API: /api/v1/* is an HTML 404, a password is asked for with Basic. */
  legacy: boolean;
  /** Status of an upload with Content-Length 0 (PrusaLink 411, firmware 501). */
  emptyUploadStatus: 411 | 501;
  /** PUT …/continue: a no-op 204 (PrusaLink, spec) or not a command, 400 (firmware). */
  continueStatus: 204 | 400;
  /** How a transfer is stopped over the API: the spec's DELETE /transfer/{id}, PrusaLink's DELETE /transfer, or not at all (firmware: from Connect only). */
  transferStop: 'by-id' | 'plain' | 'none';
  /** What the stopped upload answers: 400 "File Upload Failed" (PrusaLink), 503 "Upload stopped from connect" (firmware). */
  stoppedUploadStatus: 400 | 503;
  /** Transfer `size`: a string (spec, firmware) or a number (PrusaLink). */
  transferSizeAs: 'string' | 'number';
  /** Create-Folder on an existing folder: 201 (PrusaLink, mkdir exist_ok) or 409 (firmware). */
  existingFolderStatus: 201 | 409;
  /** Deleting a non-empty folder without Force: 409 (PrusaLink, spec) or 404 (firmware, remove() fails); Force honoured. */
  nonEmptyFolderDelete: { status: 404 | 409; force: boolean };
  /** /api/v1/cameras: the spec's array, PrusaLink's {camera_list}, or no such routes (firmware, 404). */
  cameras: 'array' | 'camera_list' | 'none';
}

const LOCAL = { name: 'PrusaLink gcodes', type: 'LOCAL', path: '/local', available: true, read_only: false } as const;
const USB = { name: 'usb', type: 'USB', path: '/usb/', available: true, read_only: false } as const;
const lower = (v: boolean) => String(v);

const firmware = (name: 'mk4' | 'mini' | 'xl', text: string): SimProfile => ({
  name,
  version: { text, firmware: '6.1.3+8240', api: '2.0.0' },
  storages: [USB],
  reportsFreeSpace: false,
  statusStorage: 'object',
  storageFullStatus: 507,
  // printer_state.cpp has_job(): only PRINTING, PAUSED and ATTENTION during a print have a job; FINISHED and STOPPED answer 204
  endedJobVisible: false,
  headBoolean: lower,
  headPrintedName: 'Currently-Printing',
  unknownStorageStatus: 403,
  transferConflict: { title: 'Conflict', text: 'Another transfer in progress' },
  commandDelayMs: 400,
  legacy: false,
  emptyUploadStatus: 501,
  continueStatus: 400,
  transferStop: 'none',
  stoppedUploadStatus: 503,
  transferSizeAs: 'string',
  existingFolderStatus: 409,
  nonEmptyFolderDelete: { status: 404, force: false },
  cameras: 'none',
});

/** What the spec and Python PrusaLink share where the firmware differs. */
const LINK = {
  emptyUploadStatus: 411,
  continueStatus: 204,
  stoppedUploadStatus: 400,
  nonEmptyFolderDelete: { status: 409, force: true },
} as const;

export const PROFILES: Readonly<Record<SimProfileName, SimProfile>> = {
  sim: {
    name: 'sim',
    version: { text: 'PrusaLink (EngiAI printer simulator)', firmware: '6.1.3+sim', api: '2.0.0' },
    storages: [LOCAL],
    reportsFreeSpace: true,
    statusStorage: 'object',
    storageFullStatus: 413,
    endedJobVisible: true,
    headBoolean: lower,
    headPrintedName: 'Currently-Printed',
    unknownStorageStatus: 404,
    transferConflict: { title: 'Conflict', text: 'Another transfer in progress' },
    commandDelayMs: 0,
    legacy: false,
    ...LINK,
    transferStop: 'by-id',
    transferSizeAs: 'string',
    existingFolderStatus: 409,
    cameras: 'array',
  },
  prusalink: {
    name: 'prusalink',
    version: { text: 'PrusaLink', firmware: '3.14.1-8237', api: '2.0.0' },
    storages: [LOCAL, { name: 'SD Card', type: 'SDCARD', path: '/sdcard', available: false, read_only: true }],
    reportsFreeSpace: true,
    statusStorage: 'array',
    storageFullStatus: 413,
    endedJobVisible: false,
    headBoolean: (v) => (v ? 'True' : 'False'),
    headPrintedName: 'Currently-Printed',
    unknownStorageStatus: 404,
    transferConflict: { title: 'Already in transfer process', text: 'Only one file at time can be transferred.' },
    commandDelayMs: 400,
    legacy: false,
    ...LINK,
    transferStop: 'plain',
    transferSizeAs: 'number',
    existingFolderStatus: 201,
    cameras: 'camera_list',
  },
  mk4: firmware('mk4', 'PrusaLink MK4'),
  mini: firmware('mini', 'PrusaLink MINI'),
  // the issue said XL reports free space; the firmware source has no per-model storage answer and none reports it
  xl: firmware('xl', 'PrusaLink XL'),
  legacy: {
    name: 'legacy',
    version: { text: 'Prusa-Link-Web mock (OctoPrint-style API)', firmware: '4.4.0', api: '0.1' },
    storages: [LOCAL],
    reportsFreeSpace: true,
    statusStorage: 'object',
    storageFullStatus: 413,
    endedJobVisible: true,
    headBoolean: lower,
    headPrintedName: 'Currently-Printed',
    unknownStorageStatus: 404,
    transferConflict: { title: 'Conflict', text: 'Another transfer in progress' },
    commandDelayMs: 0,
    legacy: true,
    ...LINK,
    transferStop: 'none',
    transferSizeAs: 'string',
    existingFolderStatus: 409,
    cameras: 'none',
  },
};

export function simProfile(name: string): SimProfile {
  if (!(SIM_PROFILES as readonly string[]).includes(name)) throw new Error(`unknown printer profile "${name}": one of ${SIM_PROFILES.join(', ')}`);
  return PROFILES[name as SimProfileName];
}
