import { LocalRuntimeError } from '../../local/errors';
import { parseStartCommand, USAGE } from '../../local/options';

/** `npm start -- …` flags and LOCAL_* variables. */

describe('parseStartCommand', () => {
  it('uses the defaults without flags', () => {
    expect(parseStartCommand([], {}, '/repo')).toEqual({
      help: false,
      quiet: false,
      runtime: { reset: false, dataDir: undefined, ports: {}, webBuild: 'if-stale' },
    });
  });

  it('reads flags, and environment variables where no flag is given', () => {
    const command = parseStartCommand(
      ['--reset', '--rest-port', '0', '--data-dir', 'tmp/data', '--no-web-build', '--quiet'],
      { LOCAL_WEB_PORT: '6180', LOCAL_REST_PORT: '7000', LOCAL_DATA_DIR: '/ignored' },
      '/repo',
    );

    expect(command).toEqual({
      help: false,
      quiet: true,
      runtime: { reset: true, dataDir: '/repo/tmp/data', ports: { web: 6180, rest: 0 }, webBuild: 'never' },
    });
    expect(parseStartCommand([], { LOCAL_DATA_DIR: '/data' }, '/repo').runtime.dataDir).toBe('/data');
  });

  it('explains bad ports and unknown options', () => {
    expect(() => parseStartCommand(['--web-port', 'eighty'], {}, '/repo')).toThrow(
      new LocalRuntimeError('--web-port must be a port number between 0 and 65535, not "eighty".'),
    );
    expect(() => parseStartCommand([], { LOCAL_GRAPHQL_PORT: '70000' }, '/repo')).toThrow('LOCAL_GRAPHQL_PORT must be a port number');
    expect(() => parseStartCommand(['--colour'], {}, '/repo')).toThrow(/Unknown option '--colour'.*npm start -- --help/);
  });

  it('reads the ATS stand-ins’ ports from flags and LOCAL_<ATS>_PORT, and lists them in --help', () => {
    const command = parseStartCommand(
      ['--greenhouse-port', '6186', '--crelate-port', '0'],
      { LOCAL_LEVER_PORT: '6187', LOCAL_WORKABLE_PORT: '6188', LOCAL_GREENHOUSE_PORT: '1' },
      '/repo',
    );

    expect(command.runtime.ports).toEqual({ greenhouse: 6186, lever: 6187, workable: 6188, crelate: 0 });
    expect(() => parseStartCommand([], { LOCAL_WORKABLE_PORT: 'x' }, '/repo')).toThrow(
      'LOCAL_WORKABLE_PORT must be a port number between 0 and 65535, not "x".',
    );
    for (const [flag, variable, port] of [
      ['--greenhouse-port', 'LOCAL_GREENHOUSE_PORT', 5186],
      ['--lever-port', 'LOCAL_LEVER_PORT', 5187],
      ['--workable-port', 'LOCAL_WORKABLE_PORT', 5188],
      ['--crelate-port', 'LOCAL_CRELATE_PORT', 5189],
    ] as const) {
      expect(USAGE).toMatch(new RegExp(`${flag} <port> +fake \\w+ port \\(default ${port}; env ${variable}\\)`));
    }
  });
});
