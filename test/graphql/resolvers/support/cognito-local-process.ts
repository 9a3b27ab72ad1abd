/**
 * Runs cognito-local (local/identity/cognito-local.ts) in its own Node process for jest:
 * cognito-local loads an ES-module-only dependency (@scure/base through otplib) that Node 20
 * `require`s natively but jest's module system cannot. Started with `node --import tsx`; prints
 * one JSON line with the endpoints once ready, and stops when its stdin closes.
 */
import { startCognitoLocal } from '../../../../local/identity/cognito-local';

async function main(): Promise<void> {
  const cognito = await startCognitoLocal();
  process.stdout.write(
    `${JSON.stringify({
      endpoint: cognito.endpoint,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      issuer: cognito.issuer,
      jwksUrl: cognito.jwksUrl,
    })}\n`,
  );
  const stop = () => {
    cognito.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.on('SIGTERM', stop);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
