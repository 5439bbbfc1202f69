/**
 * How KEDA and the Horizontal Pod Autoscaler size a Deployment from a ScaledObject, for the
 * autoscaling test: each trigger asks for ceil(value / target) replicas (AverageValue metrics,
 * KEDA's default), the HPA takes the largest, ignores changes within its 10% tolerance, clamps to
 * min/max, and then applies the scaling behaviour — scale-up as fast as Kubernetes' default
 * (the larger of +4 pods or +100% per 15 s), scale-down only to the highest recommendation of the
 * stabilization window and by at most the policies' pods per period.
 * (kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#algorithm-details)
 */

export interface ScaledObjectSpec {
  minReplicaCount?: number;
  maxReplicaCount?: number;
  triggers: { type: string; metadata: Record<string, string> }[];
  advanced?: { horizontalPodAutoscalerConfig?: { behavior?: { scaleDown?: ScalingRules; scaleUp?: ScalingRules } } };
}

interface ScalingRules {
  stabilizationWindowSeconds?: number;
  policies?: { type: 'Pods' | 'Percent'; value: number; periodSeconds: number }[];
}

/** The value each trigger aims at per replica, and above which it counts as active. */
export function triggerTargets(spec: ScaledObjectSpec): { target: number; activation: number }[] {
  return spec.triggers.map((trigger) => {
    switch (trigger.type) {
      case 'redis':
        return { target: Number(trigger.metadata.listLength ?? 5), activation: Number(trigger.metadata.activationListLength ?? 0) };
      case 'metrics-api':
        return { target: Number(trigger.metadata.targetValue), activation: Number(trigger.metadata.activationTargetValue ?? 0) };
      default:
        throw new Error(`no model of the ${trigger.type} scaler`);
    }
  });
}

const Tolerance = 0.1;
const defaultScaleUp: Required<ScalingRules> = {
  stabilizationWindowSeconds: 0,
  policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }],
};
const defaultScaleDown: Required<ScalingRules> = { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };

/** One autoscaled Deployment: call `evaluate` at each HPA sync with the triggers' current values. */
export class Autoscaler {
  private readonly min: number;
  private readonly max: number;
  private readonly targets: { target: number; activation: number }[];
  private readonly up: Required<ScalingRules>;
  private readonly down: Required<ScalingRules>;
  private readonly recommendations: { at: number; replicas: number }[] = [];
  private readonly changes: { at: number; delta: number }[] = [];
  replicas: number;

  constructor(spec: ScaledObjectSpec) {
    this.min = spec.minReplicaCount ?? 0;
    this.max = spec.maxReplicaCount ?? 100;
    this.targets = triggerTargets(spec);
    const behavior = spec.advanced?.horizontalPodAutoscalerConfig?.behavior ?? {};
    this.up = { ...defaultScaleUp, ...behavior.scaleUp } as Required<ScalingRules>;
    this.down = { ...defaultScaleDown, ...behavior.scaleDown } as Required<ScalingRules>;
    this.replicas = Math.max(this.min, 1);
  }

  /** The replica count after an HPA sync at `atSeconds` with these trigger values (one per trigger). */
  evaluate(atSeconds: number, values: number[]): number {
    const active = values.some((value, i) => value > this.targets[i].activation);
    const wanted = active
      ? Math.max(...values.map((value, i) => {
        const ratio = value / (this.targets[i].target * this.replicas);
        return Math.abs(ratio - 1) <= Tolerance ? this.replicas : Math.ceil(value / this.targets[i].target);
      }))
      : this.min;
    const recommendation = Math.min(this.max, Math.max(this.min, wanted));
    this.recommendations.push({ at: atSeconds, replicas: recommendation });
    const next = recommendation > this.replicas ? this.scaleUpTo(atSeconds, recommendation) : this.scaleDownTo(atSeconds);
    if (next !== this.replicas) this.changes.push({ at: atSeconds, delta: next - this.replicas });
    this.replicas = next;
    return next;
  }

  private scaleUpTo(atSeconds: number, recommendation: number): number {
    const stabilized = Math.min(...this.windowOf(atSeconds, this.up.stabilizationWindowSeconds).map((r) => r.replicas));
    const limits = this.up.policies.map((policy) => {
      const base = this.replicas - this.changedWithin(atSeconds, policy.periodSeconds, 1);
      return policy.type === 'Pods' ? base + policy.value : Math.ceil(base * (1 + policy.value / 100));
    });
    return Math.min(Math.max(stabilized, this.replicas), Math.max(...limits), recommendation);
  }

  private scaleDownTo(atSeconds: number): number {
    const stabilized = Math.max(...this.windowOf(atSeconds, this.down.stabilizationWindowSeconds).map((r) => r.replicas));
    if (stabilized >= this.replicas) return this.replicas;
    const limits = this.down.policies.map((policy) => {
      const base = this.replicas + this.changedWithin(atSeconds, policy.periodSeconds, -1);
      return policy.type === 'Pods' ? base - policy.value : Math.floor(base * (1 - policy.value / 100));
    });
    return Math.max(stabilized, Math.min(...limits));
  }

  private windowOf(atSeconds: number, seconds: number) {
    return this.recommendations.filter((r) => r.at > atSeconds - seconds || r.at === atSeconds);
  }

  /** Pods added (sign 1) or removed (sign -1) within the period before `atSeconds`. */
  private changedWithin(atSeconds: number, periodSeconds: number, sign: 1 | -1): number {
    return this.changes.filter((c) => c.at > atSeconds - periodSeconds && Math.sign(c.delta) === sign).reduce((sum, c) => sum + Math.abs(c.delta), 0);
  }
}
