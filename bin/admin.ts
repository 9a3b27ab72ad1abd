#!/usr/bin/env node
/**
 * The operator CLI: `npm run admin -- <command> [flags]`. It calls the very functions the admin
 * REST handlers call (lambdas/admin/admin-users.ts), validates flags with the same zod schemas and
 * prints JSON. Against the local runtime by default (.local/endpoints.json, written by `npm start`),
 * or against a deployed stage with `--stage` and AWS credentials from the environment.
 *
 * Exit codes: 0 done, 1 the operation failed, 2 bad command or flags.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import * as z from '../lambdas/shared/zod';
import { DEFAULT_PRODUCT_SLUG, REGION, STAGES } from '../lib/config';
import { createRegistrationCode, expireRegistrationCode, getRegistrationCode } from '../lambdas/admin/admin-registration-codes';
import { getUser, inviteUser, removeUser, type AdminUsersDependencies } from '../lambdas/admin/admin-users';
import {
  CreateRegistrationCodeRequestSchema,
  GetRegistrationCodeRequestSchema,
  GetUserRequestSchema,
  InviteUserRequestSchema,
  RemoveUserRequestSchema,
} from '../lambdas/shared/contracts/admin';
import { DomainError, ValidationError } from '../lambdas/shared/errors';
import {
  createRegistrationCodesRepository,
  type RegistrationCodesRepository,
} from '../lambdas/shared/registration-codes/registration-codes-repository';
import { createCognitoClient, createCognitoUserDirectory } from '../lambdas/shared/user-directory/cognito-user-directory';
import { createDocumentClient } from '../lambdas/shared/dynamodb/document-client';
import { createUsersRepository } from '../lambdas/shared/users/users-repository';
import { migrateOrganizations, organizationMigrationDependencies } from '../lambdas/shared/organizations/organization-migration';

const REPO_ROOT = path.resolve(__dirname, '..');
const DEFAULT_ENDPOINTS_FILE = path.join(REPO_ROOT, '.local', 'endpoints.json');
/** What the local runtime's services accept (they check no signature); never real credentials. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export const USAGE = `Usage: npm run admin -- <command> [flags]

Commands:
  invite    --email <email> --first-name <name> --last-name <name> --company <name>
            [--phone <+1 555 010 0199>] --group <Beta_Customer_R1|Beta_Customer_R2|Beta_Customer_R3>
            Invites a person: Cognito emails them a temporary password (locally: the outbox).
  remove    --username <username or email>
            Deletes the Cognito user; their record is kept with status REMOVED.
  get       --username <username or email>
            Shows the Cognito user (status, attributes, groups) and their record.
  add-code  --group <group> [--max-uses <n>] [--expires-at <ISO-8601 instant>] [--code <CODE>]
            Adds a registration code for invitation sign-up and prints it. Without --code the code
            is random (16 symbols, 80 bits, like 7QXM-2D9K-VC4T-H8RB); it admits 25 sign-ups and
            expires after 30 days unless --max-uses or --expires-at say otherwise.
  get-code  --code <CODE>
            Says how a code stands: admits sign-ups, expired at …, used up (n of n) or unknown.
            (People signing up only ever read "incorrect registration code".)
  expire-code --code <CODE>
            Ends a code now: nobody can sign up with it any more (an earlier expiry is kept).
  migrate-organizations [--dry-run]
            Makes every user who is in no organization the owner of a firm of their own (seats from
            their subscription's quantity, name from its company). Users and subscriptions are
            only read; a second run changes nothing. --dry-run lists what it would create.

Target (default: the local runtime of \`npm start\`, from .local/endpoints.json):
  --endpoints <file>                   another local endpoints.json
  --stage <dev|stage|prod>             a deployed stage, with AWS credentials from the environment;
                                       ids are read from the stack's outputs, or given with:
  --user-pool-id <id>  --users-table <name>  --registration-codes-table <name>
  --subscriptions-table <name>  --organizations-table <name>
  --help                               this text`;

const TARGET_FLAGS = [
  'endpoints',
  'stage',
  'user-pool-id',
  'users-table',
  'registration-codes-table',
  'subscriptions-table',
  'organizations-table',
] as const;
/** Flags that take no value. */
const SWITCHES = new Set(['dry-run']);

const COMMANDS = {
  invite: { flags: ['email', 'first-name', 'last-name', 'company', 'phone', 'group'], needs: ['userPool', 'users'] },
  remove: { flags: ['username'], needs: ['userPool', 'users'] },
  get: { flags: ['username'], needs: ['userPool', 'users'] },
  'add-code': { flags: ['code', 'group', 'max-uses', 'expires-at'], needs: ['registrationCodes'] },
  'get-code': { flags: ['code'], needs: ['registrationCodes'] },
  'expire-code': { flags: ['code'], needs: ['registrationCodes'] },
  'migrate-organizations': { flags: ['dry-run'], needs: ['users', 'subscriptions', 'organizations'] },
} as const satisfies Record<string, { flags: readonly string[]; needs: readonly Need[] }>;

type Command = keyof typeof COMMANDS;
type Need = 'userPool' | 'users' | 'registrationCodes' | 'subscriptions' | 'organizations';
type Flags = Partial<Record<string, string | boolean>>;

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** A mistake in the command line: exit code 2. */
class UsageError extends Error {}

/** What the command talks to: one Cognito pool and the tables, locally or in AWS. */
interface Target {
  readonly region: string;
  readonly cognitoEndpoint?: string;
  readonly dynamodbEndpoint?: string;
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  readonly userPoolId?: string;
  readonly usersTable?: string;
  readonly registrationCodesTable?: string;
  readonly subscriptionsTable?: string;
  readonly organizationsTable?: string;
}

/** The target's id or table name behind each need. */
const NEED_FIELD = {
  userPool: 'userPoolId',
  users: 'usersTable',
  registrationCodes: 'registrationCodesTable',
  subscriptions: 'subscriptionsTable',
  organizations: 'organizationsTable',
} as const satisfies Record<Need, keyof Target>;

function text(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

/** Validates with a contract schema; failures are usage errors naming each flag. */
function validate<S extends z.core.$ZodType>(schema: S, input: unknown, flagOf: Record<string, string>): z.output<S> {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return `  --${flagOf[field] ?? field}: ${issue.message}`;
  });
  throw new UsageError(`Invalid flags:\n${problems.join('\n')}`);
}

function localTarget(file: string, needs: readonly Need[]): Target {
  if (!fs.existsSync(file)) {
    throw new Error(`The local runtime is not running (${file} is missing). Start it with \`npm start\`, or pass --stage.`);
  }
  const endpoints = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    region?: string;
    dynamodbEndpoint?: string;
    cognitoEndpoint?: string;
    userPoolId?: string;
    tables?: Record<string, string>;
  };
  if (needs.includes('userPool') && (!endpoints.cognitoEndpoint || !endpoints.userPoolId)) {
    throw new Error(`${file} has no cognitoEndpoint/userPoolId: the local runtime was started without its identity service.`);
  }
  return {
    region: endpoints.region ?? REGION,
    cognitoEndpoint: endpoints.cognitoEndpoint,
    dynamodbEndpoint: endpoints.dynamodbEndpoint,
    credentials: LOCAL_CREDENTIALS,
    userPoolId: endpoints.userPoolId,
    usersTable: endpoints.tables?.users,
    registrationCodesTable: endpoints.tables?.registrationCodes,
    subscriptionsTable: endpoints.tables?.subscriptions,
    organizationsTable: endpoints.tables?.organizations,
  };
}

/** The stack outputs `UserPoolId`, `UsersTableName` and `RegistrationCodesTableName` of a deployed stage. */
export async function stackOutputs(stackName: string, region: string): Promise<Record<string, string>> {
  const client = new CloudFormationClient({ region });
  const answer = await client.send(new DescribeStacksCommand({ StackName: stackName }));
  return Object.fromEntries((answer.Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']));
}

async function stageTarget(stage: string, flags: Flags, needs: readonly Need[]): Promise<Target> {
  if (!(STAGES as readonly string[]).includes(stage)) throw new UsageError(`--stage must be one of ${STAGES.join(', ')}.`);
  const given: Target = {
    region: REGION,
    userPoolId: text(flags, 'user-pool-id'),
    usersTable: text(flags, 'users-table'),
    registrationCodesTable: text(flags, 'registration-codes-table'),
    subscriptionsTable: text(flags, 'subscriptions-table'),
    organizationsTable: text(flags, 'organizations-table'),
  };
  const missing = needs.some((need) => !given[NEED_FIELD[need]]);
  if (!missing) return given;
  const outputs = await stackOutputs(`${DEFAULT_PRODUCT_SLUG}-${stage}`, REGION);
  return {
    ...given,
    userPoolId: given.userPoolId ?? outputs.UserPoolId,
    usersTable: given.usersTable ?? outputs.UsersTableName,
    registrationCodesTable: given.registrationCodesTable ?? outputs.RegistrationCodesTableName,
    subscriptionsTable: given.subscriptionsTable ?? outputs.SubscriptionsTableName,
    organizationsTable: given.organizationsTable ?? outputs.OrganizationsTableName,
  };
}

function adminDependencies(target: Target): AdminUsersDependencies {
  if (!target.userPoolId || !target.usersTable) throw new Error('The target has no user pool id or users table.');
  return {
    directory: createCognitoUserDirectory({
      client: createCognitoClient({ endpoint: target.cognitoEndpoint, region: target.region, credentials: target.credentials }),
      userPoolId: target.userPoolId,
    }),
    users: createUsersRepository({
      client: createDocumentClient({ endpoint: target.dynamodbEndpoint, region: target.region, credentials: target.credentials }),
      tableName: target.usersTable,
    }),
  };
}

function registrationCodes(target: Target): RegistrationCodesRepository {
  if (!target.registrationCodesTable) throw new Error('The target has no registration codes table.');
  return createRegistrationCodesRepository({
    client: createDocumentClient({ endpoint: target.dynamodbEndpoint, region: target.region, credentials: target.credentials }),
    tableName: target.registrationCodesTable,
  });
}

async function run(command: Command, flags: Flags, target: () => Promise<Target>): Promise<unknown> {
  switch (command) {
    case 'invite': {
      const input = validate(
        InviteUserRequestSchema,
        {
          email: text(flags, 'email'),
          firstName: text(flags, 'first-name'),
          lastName: text(flags, 'last-name'),
          companyName: text(flags, 'company'),
          phoneNumber: text(flags, 'phone'),
          group: text(flags, 'group'),
        },
        { email: 'email', firstName: 'first-name', lastName: 'last-name', companyName: 'company', phoneNumber: 'phone', group: 'group' },
      );
      return inviteUser(adminDependencies(await target()), input);
    }
    case 'remove': {
      const input = validate(RemoveUserRequestSchema, { username: text(flags, 'username') }, { username: 'username' });
      return removeUser(adminDependencies(await target()), input);
    }
    case 'get': {
      const input = validate(GetUserRequestSchema, { username: text(flags, 'username') }, { username: 'username' });
      return getUser(adminDependencies(await target()), input);
    }
    case 'add-code': {
      const maxUses = text(flags, 'max-uses');
      const input = validate(
        CreateRegistrationCodeRequestSchema,
        {
          code: text(flags, 'code'),
          group: text(flags, 'group'),
          maxUses: maxUses === undefined ? undefined : Number(maxUses),
          expiresAt: text(flags, 'expires-at'),
        },
        { code: 'code', group: 'group', maxUses: 'max-uses', expiresAt: 'expires-at' },
      );
      return createRegistrationCode({ codes: registrationCodes(await target()) }, input);
    }
    case 'get-code': {
      const input = validate(GetRegistrationCodeRequestSchema, { code: text(flags, 'code') }, { code: 'code' });
      return getRegistrationCode({ codes: registrationCodes(await target()) }, input);
    }
    case 'expire-code': {
      const input = validate(GetRegistrationCodeRequestSchema, { code: text(flags, 'code') }, { code: 'code' });
      return expireRegistrationCode({ codes: registrationCodes(await target()) }, input);
    }
    case 'migrate-organizations': {
      const resolved = await target();
      const { usersTable, subscriptionsTable, organizationsTable } = resolved;
      if (!usersTable || !subscriptionsTable || !organizationsTable) {
        throw new Error('The target has no users, subscriptions or organizations table (is the stack deployed with issue 18?).');
      }
      const client = createDocumentClient({
        endpoint: resolved.dynamodbEndpoint,
        region: resolved.region,
        credentials: resolved.credentials,
      });
      const tables = { users: usersTable, subscriptions: subscriptionsTable, organizations: organizationsTable };
      return migrateOrganizations(organizationMigrationDependencies(client, tables), { dryRun: flags['dry-run'] === true });
    }
  }
}

function parse(argv: readonly string[]): { command: Command; flags: Flags } | 'help' {
  const allFlags = new Set<string>([...TARGET_FLAGS, ...Object.values(COMMANDS).flatMap((spec) => spec.flags)]);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        ...Object.fromEntries(
          [...allFlags].map((name) => [name, { type: SWITCHES.has(name) ? ('boolean' as const) : ('string' as const) }]),
        ),
        help: { type: 'boolean' as const, short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Flags;
  if (values.help) return 'help';
  const [command, ...extra] = parsed.positionals;
  const commandList = `${Object.keys(COMMANDS).slice(0, -1).join(', ')} or ${Object.keys(COMMANDS).at(-1)}`;
  if (!command) throw new UsageError(`Missing command: ${commandList}.`);
  if (!(command in COMMANDS)) throw new UsageError(`Unknown command "${command}": use ${commandList}.`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" (flags take the form --name value).`);
  const allowed = new Set<string>([...TARGET_FLAGS, ...COMMANDS[command as Command].flags]);
  const foreign = Object.keys(values).filter((name) => !allowed.has(name));
  if (foreign.length > 0) throw new UsageError(`${command} does not take ${foreign.map((name) => `--${name}`).join(', ')}.`);
  if (values.stage === undefined && (TARGET_FLAGS.slice(2) as readonly string[]).some((name) => values[name] !== undefined)) {
    throw new UsageError(
      `${TARGET_FLAGS.slice(2)
        .map((name) => `--${name}`)
        .join(', ')} go with --stage.`,
    );
  }
  return { command: command as Command, flags: values };
}

/** Runs the CLI; resolves to the exit code. */
export async function runAdminCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    const { command, flags } = parsed;
    const stage = text(flags, 'stage');
    const target = async () =>
      stage
        ? stageTarget(stage, flags, COMMANDS[command].needs)
        : localTarget(path.resolve(text(flags, 'endpoints') ?? DEFAULT_ENDPOINTS_FILE), COMMANDS[command].needs);
    const result = await run(command, flags, target);
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof ValidationError && Object.keys(error.fields).length > 0) {
      io.stderr(
        `Error: ${error.message}\n${Object.entries(error.fields)
          .map(([field, message]) => `  ${field}: ${message}`)
          .join('\n')}\n`,
      );
    } else {
      io.stderr(
        `Error: ${error instanceof Error ? error.message : String(error)}${error instanceof DomainError ? ` (${error.code})` : ''}\n`,
      );
    }
    return 1;
  }
}

if (require.main === module) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  void runAdminCli(process.argv.slice(2), {
    stdout: (output) => process.stdout.write(output),
    stderr: (output) => process.stderr.write(output),
  }).then((code) => {
    process.exitCode = code;
  });
}
