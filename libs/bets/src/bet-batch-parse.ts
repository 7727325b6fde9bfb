import { UUID_PATTERN } from '@app/domain';
import { COMMAND_FIELD, decodeCommand, FENCE_FIELD, streamIdTime, type BetCommand } from '@app/realtime';

/** An entry of a partition stream, as XREADGROUP returns it (field, value, field, value, …). */
export interface StreamEntry {
  id: string;
  fields: string[];
}

/** A command of a batch, decoded, with the moment it was received (its stream id's time). */
export interface ParsedCommand {
  /** The stream entry it came in (the arbiter keys and acknowledgements are per entry). */
  entryId: string;
  command: BetCommand;
  receivedAtMs: number;
}

/** A batch as the bet batch applies it: its commands in stream order, the fences it passes and how many entries were not commands. */
export interface ParsedBatch {
  commands: ParsedCommand[];
  fences: string[];
  invalid: number;
}

function field(fields: string[], name: string): string | undefined {
  for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

/**
 * The parse step: decodes each entry of a batch once. A fence entry names the period whose lock it marks; a command
 * that does not decode, or whose command or user id is not a UUID, is counted invalid and never applied.
 */
export function parseBatch(entries: StreamEntry[]): ParsedBatch {
  const batch: ParsedBatch = { commands: [], fences: [], invalid: 0 };
  for (const entry of entries) {
    const fence = field(entry.fields, FENCE_FIELD);
    if (fence) {
      batch.fences.push(fence);
      continue;
    }
    const raw = field(entry.fields, COMMAND_FIELD);
    const command = raw ? decodeCommand(raw) : null;
    if (!command || !UUID_PATTERN.test(command.id) || !UUID_PATTERN.test(command.userId)) {
      batch.invalid++;
      continue;
    }
    batch.commands.push({ entryId: entry.id, command, receivedAtMs: streamIdTime(entry.id) });
  }
  return batch;
}
