// @ts-check
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");

const DEV_PORT = Number(process.env.VALEPIX_DEV_PORT ?? 3000);

/**
 * Office only loads add-ins over https. `VALEPIX_HTTPS=1` (set by `npm run dev-server:https`,
 * which `npm run sideload` uses) serves with the trusted localhost certificate of
 * office-addin-dev-certs; plain http is for this Linux machine's sandbox, tests and preview.
 */
async function devServerTransport() {
  if (process.env.VALEPIX_HTTPS !== "1") return "http";
  const devCerts = require("office-addin-dev-certs");
  return { type: "https", options: await devCerts.getHttpsServerOptions() };
}

/** @returns {Promise<import("webpack").Configuration>} */
module.exports = async (_env, argv) => {
  const dev = argv.mode !== "production";
  return {
    devtool: dev ? "source-map" : false,
    entry: {
      // One page hosts both in the shared runtime: the ribbon commands and the task pane.
      commands: "./src/commands/index.ts",
      taskpane: "./src/taskpane/index.tsx",
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].[contenthash:8].js",
      clean: true,
    },
    resolve: { extensions: [".ts", ".tsx", ".js"] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the bundle build only transpiles.
          use: { loader: "ts-loader", options: { transpileOnly: true } },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["commands", "taskpane"],
        chunksSortMode: "manual",
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          { from: "src/taskpane/help.html", to: "help.html" },
          { from: "manifest.xml", to: "manifest.xml" },
        ],
      }),
    ],
    performance: { maxAssetSize: 2_000_000, maxEntrypointSize: 2_000_000 },
    devServer: {
      port: DEV_PORT,
      host: "localhost",
      hot: false,
      headers: { "Access-Control-Allow-Origin": "*" },
      server: await devServerTransport(),
      static: false,
    },
  };
};
