import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chooseTestInfra, dockerEndpoint, dockerEngineAnswers } from '../src/containers.js';

/** Something that answers Docker's ping on a unix socket, as an engine does. */
async function fakeEngine(socketPath: string, answer: (res: import('node:http').ServerResponse) => void): Promise<Server> {
  const server = createServer((req, res) => (req.url === '/_ping' ? answer(res) : res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return server;
}

describe('the test infrastructure choice', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'tf-engine-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the engine address from DOCKER_HOST', () => {
    expect(dockerEndpoint({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toEqual({ socketPath: '/run/user/1000/docker.sock' });
    expect(dockerEndpoint({ DOCKER_HOST: 'tcp://10.0.0.5:2376' })).toEqual({ host: '10.0.0.5', port: 2376 });
    expect(dockerEndpoint({ DOCKER_HOST: 'ssh://builder' })).toBeNull();
  });

  it('finds an engine that answers its ping, and none where nothing listens or something else answers', async () => {
    const engine = await fakeEngine(path.join(dir, 'engine.sock'), (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'));
    const impostor = await fakeEngine(path.join(dir, 'impostor.sock'), (res) => res.writeHead(200).end('<html>'));
    try {
      expect(await dockerEngineAnswers({ socketPath: path.join(dir, 'engine.sock') })).toBe(true);
      expect(await dockerEngineAnswers({ socketPath: path.join(dir, 'impostor.sock') })).toBe(false);
      expect(await dockerEngineAnswers({ socketPath: path.join(dir, 'nothing.sock') })).toBe(false);
      expect(await dockerEngineAnswers(null)).toBe(false);
      // The whole choice, as global-setup makes it, with DOCKER_HOST pointing at each.
      expect(await chooseTestInfra({ DOCKER_HOST: `unix://${path.join(dir, 'engine.sock')}` })).toBe('containers');
      expect(await chooseTestInfra({ DOCKER_HOST: `unix://${path.join(dir, 'nothing.sock')}` })).toBe('local');
    } finally {
      await Promise.all([engine, impostor].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it('lets TEST_INFRA force the choice and refuses an unknown one', async () => {
    let asked = 0;
    const engineAnswers = async () => { asked += 1; return true; };
    expect(await chooseTestInfra({ TEST_INFRA: 'local' }, engineAnswers)).toBe('local');
    expect(await chooseTestInfra({ TEST_INFRA: 'containers' }, async () => false)).toBe('containers');
    expect(asked).toBe(0);
    expect(await chooseTestInfra({}, engineAnswers)).toBe('containers');
    expect(asked).toBe(1);
    await expect(chooseTestInfra({ TEST_INFRA: 'docker' })).rejects.toThrow('TEST_INFRA must be "local" or "containers", not "docker"');
  });
});
