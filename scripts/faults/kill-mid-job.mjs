// kill -9 while an AI employee is answering: a customer message comes in through the channel API, the
// server is killed while its job waits on the model, and started again on the same database. The job
// was committed with the message, so the new process takes it up and the customer gets exactly one
// reply. The model is a scripted OpenAI-compatible fake on 127.0.0.1 whose first answer never comes.
// `restart: "harness"` kills everything (as a machine dying) and starts a new `npm start`;
// `restart: "supervisor"` kills the server process alone and leaves it to npm start's supervisor.
import { delayed, startFakeOpenAi } from "../../apps/server/src/test/fake-openai.ts";
import { json, signInDemo, sleep, waitFor } from "./api.mjs";
import { startServer } from "./server-process.mjs";

export async function killMidJob({ port, env, restart = "harness" }) {
  const fake = await startFakeOpenAi([
    delayed(600_000, { content: "This answer never arrives: the process is killed first." }),
    { content: "Thanks for waiting! Our pallets are $18 each." },
  ]);
  const llm = {
    LLM_PROVIDER: "openai",
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: "sk-fault-scenario",
    LLM_MODEL: "fault-model",
    LLM_MAX_RETRIES: "0",
    LLM_TIMEOUT_MS: "900000",
    AGENT_JOB_LEASE_MS: "2000",
  };
  let server = await startServer({ port, env: { ...env, ...llm } });
  try {
    const headers = { ...(await signInDemo(server.baseUrl)), "content-type": "application/json" };
    const { ai_employees: employees } = await json(`${server.baseUrl}/app/ai_employees.json?employee_status=active`, {
      headers,
    });
    const channel = await json(`${server.baseUrl}/app/api_channels.json`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Fault scenario", ai_employee_id: employees[0].id }),
    });
    const channelHeaders = { authorization: `Bearer ${channel.token}`, "content-type": "application/json" };
    const accepted = await json(`${server.baseUrl}/api/v1/messages`, {
      method: "POST",
      headers: channelHeaders,
      body: JSON.stringify({
        message_id: "fault-1",
        customer: { external_id: "fault-customer", name: "Kim Fault" },
        source: "website",
        content: "How much are your pallets?",
      }),
    });
    await waitFor("the model call", () => (fake.requests.length > 0 ? true : undefined), 30_000);
    let restartMs = null;
    if (restart === "supervisor") {
      const killed = server.serverPid();
      if (!killed) throw new Error("no server process under the supervisor");
      process.kill(killed, "SIGKILL");
      const killedAt = performance.now();
      await waitFor(
        "the supervisor's restart",
        async () => {
          const now = server.serverPid();
          if (!now || now === killed) return undefined;
          const ready = await fetch(`${server.baseUrl}/readyz`).then(
            (r) => r.ok,
            () => false,
          );
          return ready ? true : undefined;
        },
        60_000,
      );
      restartMs = performance.now() - killedAt;
    } else {
      server.kill();
      const exit = await server.exited;
      if (exit.signal !== "SIGKILL") throw new Error(`the server was not killed: ${JSON.stringify(exit)}`);
      server = await startServer({ port: port + 1, env: { ...env, ...llm } });
    }
    const url = `${server.baseUrl}/api/v1/conversations/${accepted.conversation_id}/messages`;
    const replies = async () =>
      (await json(url, { headers: channelHeaders })).messages.filter((message) => message.role === "ai");
    await waitFor("the reply after the restart", async () => ((await replies()).length > 0 ? true : undefined), 60_000);
    // Long enough for a second reply to show up, were the job run twice.
    await sleep(3000);
    const final = await replies();
    const output = server.output();
    server.signal("SIGTERM");
    const exit = await server.exited;
    return {
      replies: final,
      modelRequests: fake.requests.length,
      messageId: accepted.message_id,
      restartMs,
      output,
      exit,
    };
  } finally {
    server.kill();
    await fake.close();
  }
}
