/**
 * Runs stacks/app.ts against a stand-in for SST's globals that records every component and its
 * arguments instead of creating anything, so the wiring (route keys, handlers, runtime, sizes,
 * environment, links, queue subscriptions) can be checked offline and without Pulumi.
 */

/** A stand-in output: a readable placeholder such as `<Table.name>`. */
type Placeholder = string;

/** SST's components (linkable ones and others) and the plain AWS resources the stacks create. */
export const PLAIN_AWS_KINDS = [
  'Parameter',
  'Topic',
  'TopicSubscription',
  'MetricAlarm',
  'LayerVersion',
] as const;

export interface Recorded {
  kind:
    | 'Dynamo'
    | 'Bucket'
    | 'Queue'
    | 'ApiGatewayV2'
    | 'Secret'
    | 'DevCommand'
    | 'Cron'
    | (typeof PLAIN_AWS_KINDS)[number];
  name: string;
  args: Record<string, unknown>;
}

export interface RecordedFunction {
  /** `METHOD /path` or `$default` for routes, the queue's component name for workers, the Cron's for schedules. */
  trigger: string;
  kind: 'route' | 'worker' | 'schedule';
  /** Route name (routes) or batch settings (workers). */
  options: Record<string, unknown>;
  args: {
    handler: string;
    runtime?: string;
    architecture?: string;
    memory?: string;
    timeout?: string;
    storage?: string;
    link?: FakeComponent[];
    environment?: Record<string, Placeholder>;
    nodejs?: { install?: Record<string, string> | string[] };
    permissions?: { actions: string[]; resources: Placeholder[] }[];
    layers?: Placeholder[];
    concurrency?: { reserved?: number };
  };
}

export interface DryRun {
  components: Recorded[];
  functions: RecordedFunction[];
  outputs: Record<string, unknown>;
}

class FakeComponent {
  constructor(
    readonly kind: Recorded['kind'],
    readonly componentName: string,
    readonly args: Record<string, unknown>,
    record: DryRun,
  ) {
    record.components.push({ kind, name: componentName, args });
  }

  protected output(property: string): Placeholder {
    return `<${this.componentName}.${property}>`;
  }
}

function fakeSst(record: DryRun) {
  class Dynamo extends FakeComponent {
    constructor(name: string, args: Record<string, unknown>) {
      super('Dynamo', name, args, record);
    }
    get name() {
      return this.output('name');
    }
    get arn() {
      return this.output('arn');
    }
  }
  class Bucket extends FakeComponent {
    constructor(name: string, args: Record<string, unknown> = {}) {
      super('Bucket', name, args, record);
    }
    get name() {
      return this.output('name');
    }
    get arn() {
      return this.output('arn');
    }
  }
  class Queue extends FakeComponent {
    constructor(name: string, args: Record<string, unknown> = {}) {
      super('Queue', name, args, record);
    }
    get url() {
      return this.output('url');
    }
    get arn() {
      return this.output('arn');
    }
    get nodes() {
      return { queue: { name: this.output('queueName') } };
    }
    subscribe(args: RecordedFunction['args'], options: Record<string, unknown> = {}) {
      record.functions.push({ trigger: this.componentName, kind: 'worker', options, args });
    }
  }
  class ApiGatewayV2 extends FakeComponent {
    constructor(name: string, args: Record<string, unknown> = {}) {
      super('ApiGatewayV2', name, args, record);
    }
    get url() {
      return this.output('url');
    }
    get nodes() {
      return { api: { id: this.output('apiId') } };
    }
    route(key: string, args: RecordedFunction['args'], options: Record<string, unknown> = {}) {
      record.functions.push({ trigger: key, kind: 'route', options, args });
    }
  }
  class Secret extends FakeComponent {
    constructor(name: string, placeholder?: string) {
      super('Secret', name, placeholder === undefined ? {} : { placeholder }, record);
    }
    get value() {
      return this.output('value');
    }
  }
  class Cron extends FakeComponent {
    constructor(name: string, args: { schedule: string; function: RecordedFunction['args'] }) {
      super('Cron', name, { schedule: args.schedule }, record);
      record.functions.push({
        trigger: name,
        kind: 'schedule',
        options: { schedule: args.schedule },
        args: args.function,
      });
    }
  }
  class DevCommand extends FakeComponent {
    constructor(name: string, args: Record<string, unknown>) {
      super('DevCommand', name, args, record);
    }
  }
  return { aws: { Dynamo, Bucket, Queue, ApiGatewayV2, Cron }, Secret, x: { DevCommand } };
}

/** The Pulumi AWS resources the stacks create directly (`aws.*`), recorded the same way. */
function fakeAws(record: DryRun) {
  const plain = (kind: (typeof PLAIN_AWS_KINDS)[number]) =>
    class extends FakeComponent {
      constructor(name: string, args: Record<string, unknown> = {}) {
        super(kind, name, args, record);
      }
      get arn() {
        return this.output('arn');
      }
      get name() {
        return this.output('name');
      }
    };
  return {
    getRegionOutput: () => ({ region: '<region>' }),
    ssm: { Parameter: plain('Parameter') },
    sns: { Topic: plain('Topic'), TopicSubscription: plain('TopicSubscription') },
    cloudwatch: { MetricAlarm: plain('MetricAlarm') },
    lambda: { LayerVersion: plain('LayerVersion') },
  };
}

/** `$interpolate` over placeholders is plain string concatenation. */
function interpolate(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? String(values[i]) : ''), '');
}

/** Builds the app for `stage` with the stand-ins installed as the `sst` and `aws` globals. */
export async function dryRun(stage: string): Promise<DryRun> {
  const record: DryRun = { components: [], functions: [], outputs: {} };
  const globals = globalThis as Record<string, unknown>;
  const saved = {
    sst: globals.sst,
    aws: globals.aws,
    $interpolate: globals.$interpolate,
    $util: globals.$util,
  };
  globals.sst = fakeSst(record);
  globals.aws = fakeAws(record);
  globals.$interpolate = interpolate;
  globals.$util = {
    asset: {
      FileArchive: class {
        constructor(readonly path: string) {}
      },
    },
  };
  try {
    const { createApp } = await import('./app');
    record.outputs = createApp(stage);
  } finally {
    globals.sst = saved.sst;
    globals.aws = saved.aws;
    globals.$interpolate = saved.$interpolate;
    globals.$util = saved.$util;
  }
  return record;
}

export function linkNames(fn: RecordedFunction): string[] {
  return (fn.args.link ?? []).map((component) => component.componentName).sort();
}
