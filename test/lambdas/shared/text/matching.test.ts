import { matchRequirement } from '../../../../lambdas/shared/text/matching';

const resume = `Backend engineer with 8 years of experience building payment systems in Java and Spring Boot.
Ran services on k8s (EKS) with Terraform. I have not used Kafka, but I know RabbitMQ well.
Managed budgets for the platform team. Mentored four junior engineers.`;

describe('whether a resume covers a requirement', () => {
  it('finds a skill by its synonym and shows the sentence', () => {
    expect(matchRequirement(resume, 'Kubernetes')).toEqual({
      matched: true,
      evidence: 'Ran services on k8s (EKS) with Terraform.',
      strength: 1,
    });
  });

  it('weighs years against what the resume states', () => {
    expect(matchRequirement(resume, '5+ years of Java')).toMatchObject({ matched: true, strength: 1 });
    const tooFew = matchRequirement(resume, '10+ years of backend experience');
    expect(tooFew.matched).toBe(false);
    expect(tooFew.strength).toBeLessThan(0.5);
  });

  it('does not count a skill the candidate says they have not used', () => {
    expect(matchRequirement(resume, 'Apache Kafka')).toEqual({ matched: false, evidence: null, strength: 0 });
    expect(matchRequirement(resume, 'RabbitMQ or Kafka')).toMatchObject({
      matched: true,
      evidence: 'I have not used Kafka, but I know RabbitMQ well.',
    });
  });

  it('meets other word forms of the requirement', () => {
    expect(matchRequirement(resume, 'Budget management')).toMatchObject({
      matched: true,
      evidence: 'Managed budgets for the platform team.',
    });
    expect(matchRequirement(resume, 'Mentoring junior engineers')).toMatchObject({
      matched: true,
      evidence: 'Mentored four junior engineers.',
    });
  });

  it('does not match what is not there', () => {
    expect(matchRequirement(resume, 'Registered Nurse license')).toMatchObject({ matched: false });
    expect(matchRequirement(resume, 'Strong communication skills')).toEqual({ matched: false, evidence: null, strength: 0 });
  });

  it('answers nothing for empty input rather than throwing', () => {
    expect(matchRequirement('', 'Java')).toEqual({ matched: false, evidence: null, strength: 0 });
    expect(matchRequirement(resume, '   ')).toEqual({ matched: false, evidence: null, strength: 0 });
    expect(matchRequirement('🎉'.repeat(5000), 'Java')).toEqual({ matched: false, evidence: null, strength: 0 });
  });
});
