//! A fresh PostgreSQL database per test, on the server `PREF_TEST_POSTGRES` names (default:
//! the local one at 127.0.0.1:5432). `./scripts/test` starts one when none is running; an
//! unreachable server fails the test (set `PREF_SKIP_POSTGRES=1` to skip it, loudly).

use sqlx::{AnyPool, Executor};

pub struct FreshDatabase {
    pub url: String,
    admin: Option<AnyPool>,
    name: String,
}

fn base_url() -> String {
    std::env::var("PREF_TEST_POSTGRES").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

impl FreshDatabase {
    pub async fn create() -> FreshDatabase {
        if std::env::var("PREF_SKIP_POSTGRES").is_ok_and(|v| v == "1") {
            eprintln!("\n*** PostgreSQL test SKIPPED because PREF_SKIP_POSTGRES=1; falling back to SQLite ***\n");
            let dir = std::env::temp_dir().join(format!("pref-skip-pg-{}", preferans_server::hub::random_hex(6)));
            std::fs::create_dir_all(&dir).unwrap();
            return FreshDatabase {
                url: format!("sqlite://{}", dir.join("pref.db").display()),
                admin: None,
                name: String::new(),
            };
        }
        sqlx::any::install_default_drivers();
        let base = base_url();
        let admin = AnyPool::connect(&base).await.unwrap_or_else(|e| {
            panic!(
                "PostgreSQL at {base} is unreachable ({e}); start it (./scripts/test does) or set PREF_TEST_POSTGRES"
            )
        });
        let name = format!("pref_test_{}", preferans_server::hub::random_hex(6));
        admin.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
        let url = match base.rfind('/') {
            Some(i) if base[..i].contains("://") && i > base.find("://").unwrap() + 2 => {
                format!("{}/{name}", &base[..i])
            }
            _ => format!("{base}/{name}"),
        };
        FreshDatabase {
            url,
            admin: Some(admin),
            name,
        }
    }

    /// A database outage: every connection to the database is closed and new ones are
    /// refused until [`FreshDatabase::restore`]. `false` (nothing done) when the tests run
    /// without PostgreSQL.
    pub async fn cut_off(&self) -> bool {
        let Some(admin) = &self.admin else { return false };
        let name = &self.name;
        admin
            .execute(format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false").as_str())
            .await
            .unwrap();
        admin
            .execute(
                format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'").as_str(),
            )
            .await
            .unwrap();
        true
    }

    /// The end of [`FreshDatabase::cut_off`]'s outage.
    pub async fn restore(&self) {
        if let Some(admin) = &self.admin {
            admin
                .execute(format!("ALTER DATABASE {} ALLOW_CONNECTIONS true", self.name).as_str())
                .await
                .unwrap();
        }
    }

    pub async fn drop(self) {
        if let Some(admin) = self.admin {
            // The server's pool may still hold connections: FORCE closes them.
            let _ = admin
                .execute(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name).as_str())
                .await;
        }
    }
}
