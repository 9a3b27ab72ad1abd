import { parseStartCommand, USAGE } from '../../../local/options';

/** `npm start -- --cognito-port / --lambda-port` and their LOCAL_* variables. */

describe('identity ports of npm start', () => {
  it('reads --cognito-port and --lambda-port, or LOCAL_COGNITO_PORT and LOCAL_LAMBDA_PORT', () => {
    expect(parseStartCommand(['--cognito-port', '6184', '--lambda-port', '0'], {}, '/repo').runtime.ports).toEqual({
      cognito: 6184,
      lambda: 0,
    });
    expect(parseStartCommand([], { LOCAL_COGNITO_PORT: '7184', LOCAL_LAMBDA_PORT: '7185' }, '/repo').runtime.ports).toEqual({
      cognito: 7184,
      lambda: 7185,
    });
    expect(() => parseStartCommand(['--cognito-port', 'x'], {}, '/repo')).toThrow(
      '--cognito-port must be a port number between 0 and 65535, not "x".',
    );
    expect(USAGE).toContain('--cognito-port <port>     Cognito (cognito-local) port (default 5184; env LOCAL_COGNITO_PORT)');
    expect(USAGE).toContain("--lambda-port <port>      Cognito triggers' Lambda endpoint port (default 5185; env LOCAL_LAMBDA_PORT)");
  });
});
