/**
 * The stage's alarms, metric filters and dashboard in a nested stack of the product stack: a
 * CloudFormation stack holds at most 500 resources, and monitoring is about a fifth of the
 * product's. A thin wrapper: Monitoring (lib/constructs/monitoring.ts) owns every alarm; what it
 * reads from the product stack (function names, log groups, API ids, the alarm topic) becomes
 * parameters of this stack, which CDK writes by itself.
 */
import { NestedStack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Monitoring, type MonitoringProps } from '../constructs/monitoring';

export class MonitoringStack extends NestedStack {
  public readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, { description: `${props.name}: alarms, log metric filters and the dashboard (lib/constructs/monitoring.ts).` });
    this.monitoring = new Monitoring(this, 'Monitoring', props);
  }
}
