import * as fs from 'node:fs';
import * as path from 'node:path';
import { startDynalite } from '../../../local/dynamodb/dynalite';
import { LocalRuntimeError } from '../../../local/errors';
import { temporaryFolder } from '../support/local-services';

/** dynalite's data folder problems become clear messages instead of a crashed process. */

let folder: ReturnType<typeof temporaryFolder>;

beforeEach(() => {
  folder = temporaryFolder('dynalite');
});

afterEach(() => folder.remove());

describe('startDynalite', () => {
  it('refuses a data folder another runtime holds open', async () => {
    const location = path.join(folder.path, 'dynamodb');
    const first = await startDynalite({ path: location, port: 0 });
    try {
      await expect(startDynalite({ path: location, port: 0 })).rejects.toThrow(
        new LocalRuntimeError(
          `The DynamoDB data folder ${location} is in use by another local runtime. Stop it, or start with --data-dir <another folder>.`,
        ),
      );
    } finally {
      await first.stop();
    }
  });

  it('refuses a corrupt data folder and says how to start over', async () => {
    const location = path.join(folder.path, 'dynamodb');
    fs.mkdirSync(location);
    fs.writeFileSync(path.join(location, 'CURRENT'), 'MANIFEST-000404\n');

    await expect(startDynalite({ path: location, port: 0 })).rejects.toThrow(
      /looks corrupt\. Start with --reset to start empty, or move the folder away\.$/,
    );
  });

  it('refuses a data "folder" that is a file', async () => {
    const location = path.join(folder.path, 'dynamodb');
    fs.writeFileSync(location, 'not a folder');

    await expect(startDynalite({ path: location, port: 0 })).rejects.toThrow(/is a file, not a folder/);
  });
});
