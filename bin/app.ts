#!/usr/bin/env node
/**
 * CDK entry point: `npx cdk synth -c stage=prod`. Stage values come from `-c` context (see
 * lib/config.ts); the account from the CLI's environment.
 */
import { createApp } from '../lib/app';

createApp({ env: process.env });
