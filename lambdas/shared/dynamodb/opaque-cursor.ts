import { ValidationError } from '../errors';
import * as z from '../zod';

/**
 * An opaque paging cursor: where a DynamoDB read goes on (a key it stopped at, a position in a
 * window), as JSON in base64url, so the client passes it back without reading or building it. A
 * cursor is outside input like any other: decoding accepts only a position of exactly the expected
 * shape (a strict object: no other keys, each value checked), and anything else, not base64url
 * JSON or not of the shape, is a 400 on `cursor`, never a 500 or a key the reader did not make.
 */
export interface OpaqueCursor<Position> {
  encode(position: Position): string;
  /** The position `cursor` names; a cursor this codec did not make is a {@link ValidationError} on `cursor`. */
  decode(cursor: string): Position;
}

/** What a refused cursor answers: the message shown on `cursor`, and optionally a code (`validation_failed` without). */
export interface CursorRefusal {
  readonly message: string;
  readonly code?: string;
}

export function opaqueCursor<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
  refusal: CursorRefusal,
): OpaqueCursor<z.output<z.ZodMiniObject<Shape, z.core.$strict>>> {
  const schema = z.strictObject(shape);
  return {
    encode: (position) => Buffer.from(JSON.stringify(position), 'utf8').toString('base64url'),
    decode(cursor) {
      let position: unknown;
      try {
        position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        position = undefined;
      }
      const parsed = z.safeParse(schema, position);
      if (!parsed.success) {
        throw new ValidationError(
          refusal.message,
          { cursor: refusal.message },
          refusal.code === undefined ? undefined : { code: refusal.code },
        );
      }
      return parsed.data;
    },
  };
}
